import { InvalidAppendError } from './errors.js';
import type { AppendManyItem } from './types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before any I/O so every adapter refuses the same input with the same error. */
export function assertValidItems(items: readonly AppendManyItem[]): void {
  for (const { streamId, events, expectedVersion } of items) {
    if (typeof streamId !== 'string' || streamId.length === 0) throw new InvalidAppendError('stream id must be a non-empty string');
    if (typeof expectedVersion === 'number' && !(Number.isSafeInteger(expectedVersion) && expectedVersion >= 0)) {
      throw new InvalidAppendError(`expected version must be a non-negative integer, got ${expectedVersion}`);
    }
    for (const event of events) {
      if (!UUID.test(event.event_id)) throw new InvalidAppendError(`event id ${event.event_id} is not a uuid`);
      if (typeof event.type !== 'string' || event.type.length === 0) throw new InvalidAppendError('event type must be a non-empty string');
      if (typeof event.data !== 'object' || event.data === null || Array.isArray(event.data)) {
        throw new InvalidAppendError(`event ${event.event_id}: data must be a JSON object`);
      }
    }
  }
}
