import type { RecordedEvent } from '@memctx/event-store';

/**
 * One event as one Kafka message. The value is the whole recorded event as JSON, so
 * a consumer can rebuild exactly what the feed returned. The identifying fields are
 * also headers, so tools can dedupe (event id) or route (stream id) without parsing
 * the value.
 */
export interface EventMessage {
  key: string;
  value: string;
  headers: Record<string, string>;
}

export const HEADERS = {
  eventId: 'memctx-event-id',
  eventType: 'memctx-event-type',
  streamId: 'memctx-stream-id',
  streamPosition: 'memctx-stream-position',
  transactionId: 'memctx-transaction-id',
  globalPosition: 'memctx-global-position',
} as const;

export function toMessage(event: RecordedEvent, key: string): EventMessage {
  return {
    key,
    value: JSON.stringify(event),
    headers: {
      [HEADERS.eventId]: event.event_id,
      [HEADERS.eventType]: event.type,
      [HEADERS.streamId]: event.stream_id,
      [HEADERS.streamPosition]: String(event.stream_position),
      [HEADERS.transactionId]: String(event.transaction_id),
      [HEADERS.globalPosition]: String(event.global_position),
    },
  };
}

export class MalformedEventMessageError extends Error {
  constructor(reason: string) {
    super(`not a memctx event message: ${reason}`);
    this.name = 'MalformedEventMessageError';
  }
}

/** Inverse of toMessage; refuses a value whose identity disagrees with its headers. */
export function fromMessage(value: Buffer | string | null, headers: Readonly<Record<string, unknown>> = {}): RecordedEvent {
  if (value === null) throw new MalformedEventMessageError('empty value');
  let parsed: RecordedEvent;
  try {
    parsed = JSON.parse(value.toString()) as RecordedEvent;
  } catch {
    throw new MalformedEventMessageError('value is not JSON');
  }
  for (const field of ['event_id', 'stream_id', 'type'] as const) {
    if (typeof parsed[field] !== 'string') throw new MalformedEventMessageError(`${field} missing`);
  }
  for (const field of ['global_position', 'transaction_id', 'stream_position'] as const) {
    if (!Number.isSafeInteger(parsed[field])) throw new MalformedEventMessageError(`${field} missing`);
  }
  const header = headers[HEADERS.eventId];
  if (header !== undefined && String(header) !== parsed.event_id) throw new MalformedEventMessageError('event id header disagrees with the value');
  return { ...parsed, created_at: new Date(parsed.created_at) };
}
