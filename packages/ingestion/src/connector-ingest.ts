import { deterministicId, type DocumentRequested } from '@memctx/commands';
import type { Checkpoint } from '@memctx/event-store';
import { NotFoundError } from '@memctx/domain';
import { pollUntil } from '@memctx/shared';
import { randomUUID } from 'node:crypto';

export interface ConnectorIngestRequest {
  userId: string;
  connectorType: string;
  externalId: string;
  sessionId: string;
  domain: string | null;
  /** Already checked against the connector's schema; kept under the request id for the worker. */
  credentials: Record<string, unknown>;
  /** The client's Idempotency-Key: a retry derives the same request id, so the request is one event. */
  idempotencyKey?: string;
}

/** The steps whose failures the caller answers in its own terms (a connector's refusal, an exhausted quota). */
export interface ConnectorIngestSteps {
  /** The connector can read the document with these credentials. */
  check(): Promise<void>;
  /** Charges one unit of the caller's ingest quota, or throws. */
  chargeQuota(): Promise<void>;
}

export type ConnectorIngestOutcome =
  /** `position`: where the worker's outcome landed in the feed; the caller's next reads wait for it. */
  | { status: 'ingested'; title: string; chunks: number; position: Checkpoint | undefined }
  | { status: 'failed'; reason: string; position: Checkpoint | undefined }
  /** Still being worked on when the wait ran out; the title is the request's until the source has one. */
  | { status: 'pending'; title: string };

/** What the wait reads of a source (the sources read model's row). */
export interface SourceView {
  request_id: string;
  ingest_status: string;
  failure_reason: string | null;
  title: string;
  chunk_count: number;
}

export interface ConnectorIngestDeps {
  service: {
    sessionIsLive(userId: string, sessionId: string): Promise<boolean>;
    requestDocumentIngest(userId: string, input: {
      request_id: string; connector_type: string; external_id: string; session_id: string; domain: string | null;
    }): Promise<DocumentRequested>;
    documentOutcomePosition(userId: string, sourceId: string, requestId: string): Promise<Checkpoint | undefined>;
  };
  credentials: { put(requestId: string, userId: string, credentials: Record<string, unknown>): Promise<void> };
  /** The source as the read model has it. */
  readSource(userId: string, sourceId: string): Promise<SourceView | undefined>;
  /** How long `awaitOutcome` waits for the worker before answering "pending". */
  waitMs: number;
}

/**
 * Ingesting a connector document: the request (check, charge, append DocumentIngestRequested, so the source
 * is listed as pending at once), then a bounded wait for the worker's outcome in the read model.
 */
export function createConnectorIngest(deps: ConnectorIngestDeps) {
  return {
    async request(input: ConnectorIngestRequest, steps: ConnectorIngestSteps): Promise<DocumentRequested> {
      await steps.check();
      if (!(await deps.service.sessionIsLive(input.userId, input.sessionId))) throw new NotFoundError(`session ${input.sessionId} not found`);
      await steps.chargeQuota();
      const requestId = input.idempotencyKey ? deterministicId(input.userId, 'document-request', input.idempotencyKey) : randomUUID();
      await deps.credentials.put(requestId, input.userId, input.credentials);
      return deps.service.requestDocumentIngest(input.userId, {
        request_id: requestId, connector_type: input.connectorType, external_id: input.externalId, session_id: input.sessionId, domain: input.domain,
      });
    },

    /**
     * The outcome of this request (not of an earlier or later one for the same source), or "pending" when the
     * wait runs out. `catchUp` runs before each look: the caller's wait for the read model to reflect its writes.
     */
    async awaitOutcome(
      userId: string,
      accepted: { sourceId: string; requestId: string; externalId: string },
      catchUp: () => Promise<void> = async () => undefined,
    ): Promise<ConnectorIngestOutcome> {
      let last: SourceView | undefined;
      const answered = await pollUntil(async () => {
        await catchUp();
        last = await deps.readSource(userId, accepted.sourceId);
        return last && last.request_id === accepted.requestId && last.ingest_status !== 'pending' ? last : undefined;
      }, { timeoutMs: deps.waitMs });
      if (!answered) return { status: 'pending', title: last?.title ?? accepted.externalId };
      const position = await deps.service.documentOutcomePosition(userId, accepted.sourceId, accepted.requestId);
      if (answered.ingest_status === 'failed') return { status: 'failed', reason: answered.failure_reason ?? 'unknown reason', position };
      return { status: 'ingested', title: answered.title, chunks: answered.chunk_count, position };
    },
  };
}

export type ConnectorIngest = ReturnType<typeof createConnectorIngest>;
