import type { RecordedEvent } from '@memctx/event-store';
import { inSpan, traceLinks, type Span } from '@memctx/shared';

/**
 * Runs a projector batch in the span `projection <name> batch` (issue 27): a root of its own, as one batch applies
 * many requests' events, linked to the span that appended each of them (the trace context in their metadata).
 */
export function inBatchSpan<T>(projection: string, events: readonly RecordedEvent[], work: (span: Span) => Promise<T>, attributes: Record<string, number> = {}): Promise<T> {
  return inSpan(
    `projection ${projection} batch`,
    { root: true, links: traceLinks(events.map((event) => event.metadata)), attributes: { 'memctx.projection': projection, 'memctx.events': events.length, ...attributes } },
    work,
  );
}
