import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { secretsMatch } from '@memctx/shared';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { runHealthChecks, type HealthChecks } from './health.js';

export interface OpsServerOptions {
  port: number;
  host: string;
  metrics: Registry;
  checks: HealthChecks;
  /** Set: /metrics needs `Authorization: Bearer <token>`, as on the API. */
  metricsToken?: string;
}

export interface OpsServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * `/metrics` and `/health` of a process without the API (projector, worker, relay run apart): two GET
 * routes on node:http, so a background role needs no web framework. Health answers 503 when a check is down.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  // The API's HTTP metrics add the process defaults to the same registry; without the API nothing else does.
  collectDefaultMetrics({ register: options.metrics });
  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type }).end(body);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://ops').pathname;
    if (req.method !== 'GET') return send(res, 405, 'application/json', JSON.stringify({ detail: 'Method not allowed' }));
    if (path === '/metrics') {
      const token = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (options.metricsToken && !secretsMatch(token, options.metricsToken)) {
        return send(res, 401, 'application/json', JSON.stringify({ detail: 'Invalid metrics token' }));
      }
      return send(res, 200, options.metrics.contentType, await options.metrics.metrics());
    }
    if (path === '/health') {
      const report = await runHealthChecks(options.checks);
      return send(res, report.status === 'down' ? 503 : 200, 'application/json', JSON.stringify(report));
    }
    send(res, 404, 'application/json', JSON.stringify({ detail: 'Not found' }));
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'application/json', JSON.stringify({ detail: error instanceof Error ? error.message : String(error) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
