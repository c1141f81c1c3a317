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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Inverse of toMessage; refuses a value whose identity disagrees with its headers. Each field is
 * checked as it is read, so what leaves here is a RecordedEvent by construction, not by cast.
 */
export function fromMessage(value: Buffer | string | null, headers: Readonly<Record<string, unknown>> = {}): RecordedEvent {
  if (value === null) throw new MalformedEventMessageError('empty value');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.toString());
  } catch {
    throw new MalformedEventMessageError('value is not JSON');
  }
  if (!isObject(parsed)) throw new MalformedEventMessageError('value is not an object');
  const text = (field: string): string => {
    const found = parsed[field];
    if (typeof found !== 'string') throw new MalformedEventMessageError(`${field} missing`);
    return found;
  };
  const position = (field: string): number => {
    const found = parsed[field];
    if (typeof found !== 'number' || !Number.isSafeInteger(found)) throw new MalformedEventMessageError(`${field} missing`);
    return found;
  };
  const event: RecordedEvent = {
    event_id: text('event_id'),
    stream_id: text('stream_id'),
    type: text('type'),
    global_position: position('global_position'),
    transaction_id: position('transaction_id'),
    stream_position: position('stream_position'),
    // Messages a relay published before events carried a version hold version 1, as the store's column default says.
    schema_version: parsed.schema_version === undefined ? 1 : position('schema_version'),
    data: isObject(parsed.data) ? parsed.data : fail('data missing'),
    metadata: parsed.metadata === undefined ? {} : isObject(parsed.metadata) ? parsed.metadata : fail('metadata is not an object'),
    created_at: new Date(text('created_at')),
  };
  const header = headers[HEADERS.eventId];
  if (header !== undefined && String(header) !== event.event_id) throw new MalformedEventMessageError('event id header disagrees with the value');
  return event;
}

function fail(reason: string): never {
  throw new MalformedEventMessageError(reason);
}
