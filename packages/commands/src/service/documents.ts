import { NotFoundError, sessionStream, sourceStream, type DocumentChunk } from '@memctx/domain';
import { checkpointOf, readStreamBack, type Checkpoint } from '@memctx/event-store';
import { deterministicId } from '../ids.js';
import { sessionActive, type WriteContext, type WriteResult } from './context.js';

export interface DocumentRequestInput {
  /** Chosen by the caller, which keeps the request's credentials under it. */
  request_id: string;
  connector_type: string;
  external_id: string;
  session_id: string;
  domain: string | null;
}

export interface DocumentRequested extends WriteResult {
  sourceId: string;
  requestId: string;
  projectId: string | null;
}

export interface StoredDocument {
  title: string;
  mime_type: string;
  source_url: string | null;
  chunks: DocumentChunk[];
  content_hash: string;
}

/** A connector document's life on its source stream: the request, then the worker's one outcome. */
export function documentCommands(ctx: WriteContext) {
  return {
    /**
     * Asks for a connector document. The source belongs to the project of the
     * session named (which must be the caller's live session) and is identified by
     * (project, connector, external id), so asking again makes a new version of the
     * same source.
     */
    async requestDocumentIngest(userId: string, input: DocumentRequestInput): Promise<DocumentRequested> {
      const session = await ctx.sessions.loadAccepted(sessionStream(userId, input.session_id), sessionActive);
      if (session.state.status !== 'active') throw new NotFoundError(`session ${input.session_id} not found`);
      const projectId = session.state.project_id;
      const sourceId = deterministicId(userId, 'source', [projectId ?? '', input.connector_type, input.external_id].join('\n'));
      const requestId = input.request_id;
      const { append } = await ctx.sources.handle(
        sourceStream(userId, sourceId),
        {
          type: 'RequestDocumentIngest', user_id: userId, source_id: sourceId, request_id: requestId, project_id: projectId,
          session_id: input.session_id, connector_type: input.connector_type, external_id: input.external_id, domain: input.domain, now: ctx.clock(),
        },
        // A retried request (same id) is one event.
        { eventIds: () => requestId },
      );
      return { sourceId, requestId, projectId, position: append?.position };
    },

    /** The worker's report of a stored document; appends nothing when the request was superseded or already answered. */
    async recordDocumentIngested(userId: string, sourceId: string, requestId: string, document: StoredDocument): Promise<WriteResult> {
      const { append } = await ctx.sources.handle(
        sourceStream(userId, sourceId),
        { type: 'RecordDocumentIngested', user_id: userId, source_id: sourceId, request_id: requestId, now: ctx.clock(), ...document },
        // One outcome event per request, even if two workers race to report it.
        { eventIds: () => deterministicId(userId, 'document-outcome', requestId) },
      );
      return { position: append?.position };
    },

    /**
     * Where the worker's outcome for a request landed in the feed (undefined until it reported). The caller told of
     * the outcome records it as its write, so its next reads wait for every read model to hold the stored chunks too.
     */
    async documentOutcomePosition(userId: string, sourceId: string, requestId: string): Promise<Checkpoint | undefined> {
      const outcomeId = deterministicId(userId, 'document-outcome', requestId);
      // The outcome follows its request (whose event id is the request id), so the stream is read back to that alone.
      const { events } = await readStreamBack(ctx.store, sourceStream(userId, sourceId), (event) => event.event_id === requestId);
      const outcome = events.find((event) => event.event_id === outcomeId);
      return outcome && checkpointOf(outcome);
    },

    async recordDocumentIngestFailed(userId: string, sourceId: string, requestId: string, reason: string): Promise<WriteResult> {
      const { append } = await ctx.sources.handle(
        sourceStream(userId, sourceId),
        { type: 'RecordDocumentIngestFailed', user_id: userId, source_id: sourceId, request_id: requestId, now: ctx.clock(), reason },
        { eventIds: () => deterministicId(userId, 'document-outcome', requestId) },
      );
      return { position: append?.position };
    },
  };
}
