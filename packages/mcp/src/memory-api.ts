import type { MemctxClient, Schemas } from '@memctx/client';

export interface IngestRoundInput {
  session_id: string;
  user_message: string;
  assistant_message: string;
  project_id: string | null;
  timestamp: string | null;
}

export interface BuildSipInput {
  query: string | null;
  project_id: string | null;
  session_id: string | null;
  token_budget: number | null;
}

export interface PageInput {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/**
 * What the MCP tools need of memctx. Both transports bind it to the HTTP API
 * through the typed client, so quota, idempotency, read-your-writes and
 * 404-for-foreign-ids behave exactly as for any other API caller.
 */
export interface MemoryApi {
  ingestRound(input: IngestRoundInput): Promise<Schemas['MemoryIngestResponse']>;
  buildSip(input: BuildSipInput): Promise<Schemas['SipBuildResponse']>;
  deleteSession(sessionId: string): Promise<void>;
  listProjects(page: PageInput): Promise<Schemas['ProjectListResponse']>;
  listSessions(input: PageInput & { project_id?: string | undefined; include_deleted?: boolean | undefined }): Promise<Schemas['SessionListResponse']>;
}

/** Each tool call is one API request; a failed one throws MemctxApiError with the API's status and detail. */
export function clientMemoryApi(client: MemctxClient): MemoryApi {
  return {
    ingestRound: (input) => client.ingestRound(input),
    buildSip: (input) => client.buildSip(input),
    deleteSession: (sessionId) => client.deleteSession(sessionId),
    listProjects: (page) => client.listProjects(page),
    listSessions: (input) => client.listSessions(input),
  };
}
