import { context, propagation, ROOT_CONTEXT, SpanStatusCode, trace, type Link, type Span, type SpanContext, type SpanOptions } from '@opentelemetry/api';

/**
 * Tracing (issue 27) through `@opentelemetry/api` only: with no SDK registered (the default) the tracer is the
 * API's no-op one, spans cost a few allocations and nothing is recorded; runMain registers the SDK when the
 * standard OTEL_* variables ask for it.
 */
export type { Link, Span, SpanContext } from '@opentelemetry/api';

export const tracer = () => trace.getTracer('memctx');

/** Runs `work` in a span that is active inside it (child spans and appended events take its context); ends it, recording a throw. */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      throw failed(span, error);
    } finally {
      span.end();
    }
  });
}

/** inSpan for synchronous work (a decision), which an async wrapper would turn into a promise. */
export function inSpanSync<T>(name: string, options: SpanOptions, work: (span: Span) => T): T {
  return tracer().startActiveSpan(name, options, (span) => {
    try {
      return work(span);
    } catch (error) {
      throw failed(span, error);
    } finally {
      span.end();
    }
  });
}

function failed(span: Span, error: unknown): unknown {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
  return error;
}

/** The span context active here, to link to from work done later elsewhere (a group commit, a batch); undefined when tracing is off. */
export function activeSpanContext(): SpanContext | undefined {
  const span = trace.getSpan(context.active());
  return span?.isRecording() ? span.spanContext() : undefined;
}

/** The key of an event's metadata that carries the W3C trace context (`traceparent`, `tracestate`) of the span that appended it. */
export const TRACE_CONTEXT_METADATA = 'trace_context';

/** The metadata with the active span's context added (unchanged when no span is recording, as with tracing off). */
export function withTraceContext<M extends Record<string, unknown>>(metadata: M | undefined): M | (M & { [TRACE_CONTEXT_METADATA]: Record<string, string> }) | undefined {
  if (!trace.getSpan(context.active())?.isRecording()) return metadata;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (!carrier.traceparent) return metadata;
  return { ...(metadata ?? ({} as M)), [TRACE_CONTEXT_METADATA]: carrier };
}

/** Span links to the contexts carried in these events' metadata (events without one, or with a malformed one, are skipped). */
export function traceLinks(metadatas: Iterable<Record<string, unknown> | undefined>, limit = 128): Link[] {
  const links: Link[] = [];
  const seen = new Set<string>();
  for (const metadata of metadatas) {
    if (links.length >= limit) break;
    const carrier = metadata?.[TRACE_CONTEXT_METADATA];
    if (!carrier || typeof carrier !== 'object' || Array.isArray(carrier)) continue;
    const spanContext = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, carrier as Record<string, unknown>));
    if (!spanContext || !trace.isSpanContextValid(spanContext)) continue;
    const key = `${spanContext.traceId}-${spanContext.spanId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({ context: spanContext });
  }
  return links;
}
