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
  const stages = new Histogram({
    name: 'memctx_request_stage_seconds',
    help: 'Time of each stage of a request (auth, quota, idempotency, decide, commit_wait, commit, response; other is the rest), by route.',
    labelNames: ['route', 'stage'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const observeStages = (req: Request, totalMs: number) => {
    const route = routeLabel(req);
    const timings = req.stages!;
    if (req.handledAt !== undefined) timings.response = performance.now() - req.handledAt;
    let accounted = 0;
    for (const [stage, ms] of Object.entries(timings)) {
      // commit_wait and commit are the batch's, inside decide's sibling; all stages are disjoint parts of the total.
      accounted += ms;
      stages.observe({ route, stage }, ms / 1000);
    }
    stages.observe({ route, stage: 'other' }, Math.max(0, totalMs - accounted) / 1000);
    stages.observe({ route, stage: 'total' }, totalMs / 1000);
  };
  return {
    registry,
    record: (req, res, next) => {
      const started = performance.now();
      res.on('finish', () => {
        const ms = performance.now() - started;
        duration.observe({ method: req.method, route: routeLabel(req), status_code: String(res.statusCode) }, ms / 1000);
        if (req.stages) observeStages(req, ms);
      });
      next();
    },
    expose: async (_req, res) => {
      res.setHeader('Content-Type', registry.contentType);
      res.send(await registry.metrics());
    },
  };
}
