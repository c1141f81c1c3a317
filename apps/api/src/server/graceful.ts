import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

export interface GracefulServer {
  server: Server;
  /**
   * Stops accepting, lets the requests in flight finish (their answers close their connections), answers a
   * request that arrives meanwhile on a kept-alive connection with 503 and `Connection: close`, and resolves
   * once every connection is gone, forcing the last ones closed after `timeoutMs`.
   */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * How long kept-alive connections are left open after the stop began: a client that posts without pause sends
 * its next request within it and is told 503 on it; closing an idle connection at once could cut a request
 * already on its way (a socket error instead of an answer).
 */
const IDLE_GRACE_MS = 1_000;
const DEFAULT_STOP_MS = 8_000;

/** Listens with `handler`; `server.close()` alone waits for every kept-alive client to go away, i.e. forever under load. */
export async function listenGracefully(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  port: number,
  host: string,
): Promise<GracefulServer> {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (draining) {
      res.writeHead(503, { 'content-type': 'application/json', connection: 'close', 'retry-after': '1' });
      res.end(JSON.stringify({ detail: 'The server is shutting down; retry the request' }));
      return;
    }
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    server,
    async stop(timeoutMs = DEFAULT_STOP_MS) {
      draining = true;
      // An answer not sent yet closes its connection, so its client does not send the next request on it.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      // net's close stops listening and waits for the connections; http's would first close the idle ones at once.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const idle = setInterval(() => server.closeIdleConnections(), IDLE_GRACE_MS);
      const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
      try {
        await closed;
      } finally {
        clearInterval(idle);
        clearTimeout(force);
      }
    },
  };
}
