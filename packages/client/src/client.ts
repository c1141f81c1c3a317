import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import { errorFrom } from './errors.js';
import type { components, operations, paths } from './generated/openapi.js';
import { readYourWritesMiddleware } from './positions.js';

export type Schemas = components['schemas'];
type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export interface MemctxClientOptions {
  /** e.g. http://localhost:8080 (no /api/v1). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

export interface WriteOptions {
  /** Makes a retry safe: the same key and body answer the first response without writing again. Defaults to a fresh UUID. */
  idempotencyKey?: string;
}

/** A failed call resolves with `error`; this turns that into a thrown MemctxApiError. */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw await errorFrom(response, error);
  return data as T;
}

/**
 * The memctx HTTP API, typed from its OpenAPI document. `raw` is the openapi-fetch
 * client for any endpoint; the methods are the common calls with errors thrown.
 */
export function createMemctxClient(options: MemctxClientOptions) {
  const positions = readYourWritesMiddleware();
  const raw = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  raw.use(positions);
  const idempotency = (write: WriteOptions = {}) => ({ 'Idempotency-Key': write.idempotencyKey ?? randomUUID() });

  return {
    raw,
    /** The newest write position seen; sent as X-Memctx-Min-Position with every request. */
    position: positions.position,
    ingestRound: (body: Schemas['MemoryIngestRequest'], write?: WriteOptions) =>
      unwrap(raw.POST('/api/v1/memory/ingest', { body, headers: idempotency(write) })),
    recordGenerated: (body: Schemas['GeneratedStatementRequest'], write?: WriteOptions) =>
      unwrap(raw.POST('/api/v1/memory/generated', { body, headers: idempotency(write) })),
    buildSip: (body: Schemas['SipBuildRequest'] = {}) => unwrap(raw.POST('/api/v1/sip/build', { body })),
    createProject: (name: string) => unwrap(raw.POST('/api/v1/projects', { body: { name } })),
    renameProject: (projectId: string, name: string) =>
      unwrap(raw.PATCH('/api/v1/projects/{project_id}', { params: { path: { project_id: projectId } }, body: { name } })),
    listProjects: (query: QueryOf<'listProjects'> = {}) => unwrap(raw.GET('/api/v1/projects', { params: { query } })),
    listProjectSources: (projectId: string) =>
      unwrap(raw.GET('/api/v1/projects/{project_id}/sources', { params: { path: { project_id: projectId } } })),
    listSessions: (query: QueryOf<'listSessions'> = {}) => unwrap(raw.GET('/api/v1/sessions', { params: { query } })),
    listSessionMessages: (sessionId: string, query: QueryOf<'listSessionMessages'> = {}) =>
      unwrap(raw.GET('/api/v1/sessions/{session_id}/messages', { params: { path: { session_id: sessionId }, query } })),
    listRecords: (query: QueryOf<'listRecords'> = {}) => unwrap(raw.GET('/api/v1/memory/records', { params: { query } })),
    /** The caller's export as JSON Lines (see `memctx import`), as a byte stream. */
    exportMemory: async () => {
      const stream = await unwrap(raw.GET('/api/v1/export', { parseAs: 'stream' }));
      if (!stream) throw new Error('the export answered without a body');
      return stream;
    },
    listConnectors: () => unwrap(raw.GET('/api/v1/connectors')),
    /** Fetches, chunks and stores one document; `status` "pending" (202) when it is still being worked on after the server's wait. */
    ingestDocument: (connectorType: string, body: Schemas['ConnectorIngestRequest'], write?: WriteOptions) =>
      unwrap(raw.POST('/api/v1/connectors/{connector_type}/ingest', { params: { path: { connector_type: connectorType } }, body, headers: idempotency(write) })),
    deleteSession: (sessionId: string) =>
      unwrap<void>(raw.DELETE('/api/v1/sessions/{session_id}', { params: { path: { session_id: sessionId } } })),
    restoreSession: (sessionId: string) =>
      unwrap(raw.POST('/api/v1/sessions/{session_id}/restore', { params: { path: { session_id: sessionId } } })),
  };
}

export type MemctxClient = ReturnType<typeof createMemctxClient>;
