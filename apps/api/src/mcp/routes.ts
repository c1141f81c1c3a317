import { createMemctxClient } from '@memctx/client';
import { clientMemoryApi, serveMcpOverHttp } from '@memctx/mcp';
import type { Express, Request, RequestHandler } from 'express';

export const MCP_PATH = '/mcp';

/** This very server, by the address and port the request came in on (works behind any proxy or port mapping). */
function loopbackUrl(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

function jsonRpcError(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

/**
 * MCP over Streamable HTTP, behind the same API-key guard as the API. Its tools
 * call the API through the typed client with the caller's own key, so an MCP
 * call gets exactly the API's quota, idempotency, consistency and 404 rules.
 */
export function mountMcp(app: Express, apiKey: RequestHandler): void {
  app.post(MCP_PATH, apiKey, async (req, res) => {
    let message: unknown;
    try {
      message = JSON.parse(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '');
    } catch {
      res.status(400).json(jsonRpcError(-32700, 'Parse error: the body is not JSON'));
      return;
    }
    const client = createMemctxClient({ baseUrl: loopbackUrl(req), apiKey: req.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? '' });
    await serveMcpOverHttp(clientMemoryApi(client), req, res, message);
  });
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  app.all(MCP_PATH, apiKey, (_req, res) => {
    res.status(405).set('Allow', 'POST').json(jsonRpcError(-32000, 'Method not allowed: this MCP endpoint is stateless; POST JSON-RPC messages'));
  });
}
