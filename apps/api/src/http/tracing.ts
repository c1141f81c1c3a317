import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { tracer } from '@memctx/shared';
import type { Request, RequestHandler } from 'express';

const spans = new WeakMap<Request, Span>();

// The route pattern, as the metrics label it: the URL would put ids in span names.
const routeOf = (req: Request) => (typeof req.route?.path === 'string' ? `${req.baseUrl}${req.route.path}` : undefined);

/**
 * A server span per request (issue 27), named `HTTP <method> <route>` once the route is known; a `traceparent`
 * header makes it a child of the caller's span. With no tracing SDK registered the span is the API's no-op one.
 * `start` is mounted first; `activate` after the body is read, since the body's stream events run outside the
 * request's async context, so what follows (the command, its append) would otherwise lose the span.
 */
export function httpTracing(): { start: RequestHandler; activate: RequestHandler } {
  return {
    start: (req, res, next) => {
      const parent = propagation.extract(context.active(), req.headers);
      const span = tracer().startSpan(`HTTP ${req.method}`, {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, ...(req.requestId ? { 'memctx.request_id': req.requestId } : {}) },
      }, parent);
      spans.set(req, span);
      res.on('finish', () => {
        const route = routeOf(req);
        if (route) {
          span.updateName(`HTTP ${req.method} ${route}`);
          span.setAttribute('http.route', route);
        }
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      res.on('close', () => {
        if (!res.writableFinished) span.end();
      });
      context.with(trace.setSpan(parent, span), next);
    },
    activate: (req, _res, next) => {
      const span = spans.get(req);
      if (!span) return next();
      context.with(trace.setSpan(context.active(), span), next);
    },
  };
}
