import type { IncomingMessage, ServerResponse } from 'node:http';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { MemoryApi } from './memory-api.js';
import { createMemoryMcpServer } from './tools.js';

/**
 * Answers one Streamable HTTP request, statelessly: a server and transport per
 * request, so any API replica can take any MCP message and nothing outlives it.
 * `body` is the already-parsed JSON-RPC message (the app reads bodies itself).
 */
export async function serveMcpOverHttp(api: MemoryApi, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
  const server = createMemoryMcpServer(api);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

/** Serves the tools on stdin/stdout until stdin closes; logs must go to stderr. */
export async function serveMcpOverStdio(api: MemoryApi): Promise<void> {
  const server = createMemoryMcpServer(api);
  await server.connect(new StdioServerTransport());
}
