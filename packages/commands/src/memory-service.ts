import { randomUUID } from 'node:crypto';
import {
  NotFoundError,
  event,
  projectDecider,
  projectEventTypes,
  projectStream,
  serializeEvent,
  sessionDecider,
  sessionEventTypes,
  sessionStream,
  sourceDecider,
  sourceEventTypes,
  sourceStream,
  userStream,
  type DocumentChunk,
  type ProjectState,
  type SessionState,
  type SipBuilt,
} from '@memctx/domain';
import type { Checkpoint, EventStore } from '@memctx/event-store';
import { createAppendBatcher } from './append-batcher.js';
import { createCommandHandler } from './command-handler.js';
import { deterministicId } from './ids.js';
import type { StageTimer } from './stages.js';

export interface WriteResult {
  /** Where the write landed in the feed; reads wait for projections to pass it. */
  position: Checkpoint | undefined;
}

export interface RoundInput {
  session_id: string;
  project_id?: string | null;
  user_message: string;
  assistant_message: string;
  timestamp?: string | null;
  response_time_ms?: number | null;
}

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

export interface GeneratedInput {
  session_id: string;
  project_id?: string | null;
  user_message: string;
  assistant_message: string;
}

// Checks on cached state that fail are made again on the stored stream (loadAccepted).
const projectExists = (state: ProjectState) => state.status === 'exists';
const sessionActive = (state: SessionState) => state.status === 'active';

/**
 * The write side: every command loads its stream's state, lets the pure
 * decider choose the events, and appends them with the expected version, many
 * requests per transaction. A returned promise means the events are durable.
 */
export function createMemoryService(deps: { store: EventStore; clock?: () => Date; sessionRetentionMs: number }) {
  const clock = deps.clock ?? (() => new Date());
  const batcher = createAppendBatcher(deps.store);
  const projects = createCommandHandler(deps.store, batcher, projectDecider, projectEventTypes);
  const sessions = createCommandHandler(deps.store, batcher, sessionDecider, sessionEventTypes);
  const sources = createCommandHandler(deps.store, batcher, sourceDecider, sourceEventTypes);

  /** A project named in a write must be the caller's: another user's project looks missing. */
  async function requireProject(userId: string, projectId: string): Promise<void> {
    const { state } = await projects.loadAccepted(projectStream(userId, projectId), projectExists);
    if (!projectExists(state)) throw new NotFoundError(`project ${projectId} not found`);
  }

  return {
    async createProject(userId: string, name: string): Promise<WriteResult & { projectId: string; createdAt: string }> {
      const projectId = randomUUID();
      const now = clock();
      const { append } = await projects.handle(projectStream(userId, projectId), {
        type: 'CreateProject', user_id: userId, project_id: projectId, name, now,
      });
      return { projectId, createdAt: now.toISOString(), position: append?.position };
    },

    async renameProject(userId: string, projectId: string, name: string): Promise<WriteResult> {
      const { append } = await projects.handle(projectStream(userId, projectId), {
        type: 'RenameProject', user_id: userId, project_id: projectId, name, now: clock(),
      });
      return { position: append?.position };
    },

    async sessionIsLive(userId: string, sessionId: string): Promise<boolean> {
      return sessionActive((await sessions.loadAccepted(sessionStream(userId, sessionId), sessionActive)).state);
    },

    async projectExists(userId: string, projectId: string): Promise<boolean> {
      return projectExists((await projects.loadAccepted(projectStream(userId, projectId), projectExists)).state);
    },

    async ingestRound(userId: string, input: RoundInput, idempotencyKey?: string, onStage?: StageTimer): Promise<WriteResult & { roundId: string }> {
      if (input.project_id) await requireProject(userId, input.project_id);
      const roundId = idempotencyKey ? deterministicId(userId, 'round', idempotencyKey) : randomUUID();
      const { append } = await sessions.handle(
        sessionStream(userId, input.session_id),
        {
          type: 'IngestRound',
          user_id: userId,
          session_id: input.session_id,
          project_id: input.project_id ?? null,
          round_id: roundId,
          user_message: input.user_message,
          assistant_message: input.assistant_message,
          client_timestamp: input.timestamp ?? null,
          response_time_ms: input.response_time_ms ?? null,
          now: clock(),
        },
        { eventIds: idempotencyKey ? () => roundId : undefined, onStage },
      );
      return { roundId, position: append?.position };
    },

    async recordGenerated(userId: string, input: GeneratedInput, idempotencyKey?: string): Promise<WriteResult & { recordId: string }> {
      if (input.project_id) await requireProject(userId, input.project_id);
      const recordId = idempotencyKey ? deterministicId(userId, 'generated', idempotencyKey) : randomUUID();
      const { append } = await sessions.handle(
        sessionStream(userId, input.session_id),
        {
          type: 'RecordGeneratedStatement',
          user_id: userId,
          session_id: input.session_id,
          project_id: input.project_id ?? null,
          record_id: recordId,
          user_message: input.user_message,
          assistant_message: input.assistant_message,
          now: clock(),
        },
        { eventIds: idempotencyKey ? () => recordId : undefined },
      );
      return { recordId, position: append?.position };
    },

    async deleteSession(userId: string, sessionId: string, reason: 'delete' | 'clear_all' = 'delete'): Promise<WriteResult> {
      const { append } = await sessions.handle(sessionStream(userId, sessionId), {
        type: 'SoftDeleteSession', user_id: userId, session_id: sessionId, now: clock(), retention_ms: deps.sessionRetentionMs, reason,
      });
      return { position: append?.position };
    },

    async restoreSession(userId: string, sessionId: string): Promise<WriteResult> {
      const { append } = await sessions.handle(sessionStream(userId, sessionId), {
        type: 'RestoreSession', user_id: userId, session_id: sessionId, now: clock(),
      });
      return { position: append?.position };
    },

    /**
     * Soft-deletes each listed session; each deletion is its own atomic event, so
     * a failure half way leaves some sessions deleted and the rest active, and
     * repeating clear-all finishes the job (deleted sessions are no longer listed).
     */
    async clearAll(userId: string, sessionIds: readonly string[]): Promise<WriteResult & { cleared: number }> {
      let cleared = 0;
      let position: Checkpoint | undefined;
      const results = await Promise.allSettled(sessionIds.map((id) => this.deleteSession(userId, id, 'clear_all')));
      for (const result of results) {
        if (result.status === 'fulfilled') {
          cleared++;
          if (result.value.position && (!position || result.value.position.global_position > position.global_position)) position = result.value.position;
        } else if (!(result.reason instanceof NotFoundError)) {
          throw result.reason;
        }
      }
      return { cleared, position };
    },

    /**
     * A SIP build is a fact about the user, not a decision: the user stream only
     * accumulates builds, so it is appended without an expected version.
     */
    async recordSipBuilt(userId: string, build: Omit<SipBuilt['data'], 'user_id' | 'build_id' | 'built_at'>): Promise<WriteResult & { buildId: string }> {
      const buildId = randomUUID();
      const built = event('SipBuilt', { ...build, user_id: userId, build_id: buildId, built_at: clock().toISOString() });
      const outcome = await batcher.append({
        streamId: userStream(userId),
        expectedVersion: 'any',
        events: [{ ...serializeEvent(built), event_id: buildId }],
      });
      if (!outcome.ok) throw outcome.error;
      return { buildId, position: outcome.result.position };
    },

    /**
     * Asks for a connector document. The source belongs to the project of the
     * session named (which must be the caller's live session) and is identified by
     * (project, connector, external id), so asking again makes a new version of the
     * same source.
     */
    async requestDocumentIngest(userId: string, input: DocumentRequestInput): Promise<DocumentRequested> {
      const session = await sessions.loadAccepted(sessionStream(userId, input.session_id), sessionActive);
      if (session.state.status !== 'active') throw new NotFoundError(`session ${input.session_id} not found`);
      const projectId = session.state.project_id;
      const sourceId = deterministicId(userId, 'source', [projectId ?? '', input.connector_type, input.external_id].join('\n'));
      const requestId = input.request_id;
      const { append } = await sources.handle(
        sourceStream(userId, sourceId),
        {
          type: 'RequestDocumentIngest', user_id: userId, source_id: sourceId, request_id: requestId, project_id: projectId,
          session_id: input.session_id, connector_type: input.connector_type, external_id: input.external_id, domain: input.domain, now: clock(),
        },
        // A retried request (same id) is one event.
        { eventIds: () => requestId },
      );
      return { sourceId, requestId, projectId, position: append?.position };
    },

    /** The worker's report of a stored document; appends nothing when the request was superseded or already answered. */
    async recordDocumentIngested(userId: string, sourceId: string, requestId: string, document: StoredDocument): Promise<WriteResult> {
      const { append } = await sources.handle(
        sourceStream(userId, sourceId),
        { type: 'RecordDocumentIngested', user_id: userId, source_id: sourceId, request_id: requestId, now: clock(), ...document },
        // One outcome event per request, even if two workers race to report it.
        { eventIds: () => deterministicId(userId, 'document-outcome', requestId) },
      );
      return { position: append?.position };
    },

    async recordDocumentIngestFailed(userId: string, sourceId: string, requestId: string, reason: string): Promise<WriteResult> {
      const { append } = await sources.handle(
        sourceStream(userId, sourceId),
        { type: 'RecordDocumentIngestFailed', user_id: userId, source_id: sourceId, request_id: requestId, now: clock(), reason },
        { eventIds: () => deterministicId(userId, 'document-outcome', requestId) },
      );
      return { position: append?.position };
    },

    async purgeSession(userId: string, sessionId: string): Promise<boolean> {
      const { events } = await sessions.handle(sessionStream(userId, sessionId), {
        type: 'PurgeSession', user_id: userId, session_id: sessionId, now: clock(),
      });
      return events.length > 0;
    },
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;
