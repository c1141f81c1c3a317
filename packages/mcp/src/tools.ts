import { identifier, MAX_PAGE_SIZE, MemoryIngestRequest, PageCursor, SessionParams, SipBuildRequest } from '@memctx/contracts';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { MemoryApi } from './memory-api.js';

// Input schemas are cut from the API's own request contracts, so a tool accepts what the endpoint accepts.
export const IngestRoundArgs = MemoryIngestRequest.pick({ session_id: true, user_message: true, project_id: true, timestamp: true }).extend({
  assistant_message: MemoryIngestRequest.shape.assistant_message.default(''),
});
export const BuildSipArgs = SipBuildRequest.pick({ query: true, project_id: true, session_id: true, token_budget: true });
export const DeleteSessionArgs = SessionParams;
// The HTTP query parameters coerce strings; a tool gets JSON, so the page bounds are plain numbers here.
const pageShape = {
  cursor: PageCursor,
  limit: z.int().min(1).max(MAX_PAGE_SIZE).optional().meta({ description: `Items per page, 1 to ${MAX_PAGE_SIZE}.` }),
};
export const ListProjectsArgs = z.object(pageShape);
export const ListSessionsArgs = z.object({
  project_id: identifier('Project').optional().meta({ description: 'Only the sessions of this project.' }),
  include_deleted: z.boolean().optional().meta({ description: 'Also list soft-deleted, restorable sessions.' }),
  ...pageShape,
});

const asJson = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] });

/** An API failure is a tool error the model can read, not a protocol error. */
async function toolResult(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] };
  }
}

export const MCP_SERVER_INFO = { name: 'memctx', version: '0.1.0' } as const;

/** One MCP server with memctx's tools over any MemoryApi; the transports only decide how it is reached. */
export function createMemoryMcpServer(api: MemoryApi): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      'Long-term memory. Call build_sip before answering to get the memory context (cite its [n] markers); call ingest_round after each exchange to remember it.',
  });

  server.registerTool(
    'ingest_round',
    { description: 'Store one user/assistant exchange in memory.', inputSchema: IngestRoundArgs },
    (args) => toolResult(async () => asJson(await api.ingestRound(args))),
  );
  server.registerTool(
    'build_sip',
    {
      description: 'Build the memory context (SIP) for a query: compact, token-budgeted, with numbered citations.',
      inputSchema: BuildSipArgs,
    },
    (args) =>
      toolResult(async () => {
        const built = await api.buildSip(args);
        return { content: [{ type: 'text', text: built.sip }], structuredContent: built };
      }),
  );
  server.registerTool(
    'delete_session',
    { description: 'Soft-delete a session and its messages (restorable for 30 days).', inputSchema: DeleteSessionArgs, annotations: { destructiveHint: true } },
    (args) =>
      toolResult(async () => {
        await api.deleteSession(args.session_id);
        return asJson({ deleted: args.session_id });
      }),
  );
  server.registerTool(
    'list_projects',
    { description: 'List your projects, a page at a time.', inputSchema: ListProjectsArgs, annotations: { readOnlyHint: true } },
    (args) => toolResult(async () => asJson(await api.listProjects(args))),
  );
  server.registerTool(
    'list_sessions',
    { description: 'List your sessions, optionally of one project, a page at a time.', inputSchema: ListSessionsArgs, annotations: { readOnlyHint: true } },
    (args) => toolResult(async () => asJson(await api.listSessions(args))),
  );
  return server;
}
