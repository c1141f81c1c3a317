import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export interface HttpMetrics {
  /** Times every request; mount it first. */
  record: RequestHandler;
  /** Serves the registry in the Prometheus text format. */
  expose: RequestHandler;
  registry: Registry;
}

// The route pattern, not the URL, keeps the label set small; unmatched paths share one label.
const routeLabel = (req: Request) => (typeof req.route?.path === 'string' ? req.route.path : 'unmatched');

export function createHttpMetrics(registry: Registry = new Registry()): HttpMetrics {
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests in seconds, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    record: (req, res, next) => {
      const stop = duration.startTimer();
      res.on('finish', () => stop({ method: req.method, route: routeLabel(req), status_code: String(res.statusCode) }));
      next();
    },
    expose: async (_req, res) => {
      res.setHeader('Content-Type', registry.contentType);
      res.send(await registry.metrics());
    },
  };
}
