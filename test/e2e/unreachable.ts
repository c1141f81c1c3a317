import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';

/** A URL nothing listens on (a port the OS just handed out and took back): every call is refused. */
export const closedPortUrl = () =>
  new Promise<string>((resolveUrl) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolveUrl(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`));
    });
  });

export interface FailingService {
  url: string;
  /** Each request it answered, in order. */
  requests: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** A memctx stand-in that answers every request 500 in the documented error shape: a service up but failing. */
export async function failingService(): Promise<FailingService> {
  const requests: FailingService['requests'] = [];
  const server = createHttpServer((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
    request.resume();
    response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Internal Server Error' }));
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    requests,
    close: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}
