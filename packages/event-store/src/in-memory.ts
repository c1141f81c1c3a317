import { WrongExpectedVersionError } from './errors.js';
import { satisfiesExpectedVersion } from './expected-version.js';
import { assertValidItems } from './validation.js';
import { appendOne } from './append-one.js';
import {
  START,
  checkpointOf,
  compareCheckpoints,
  type AppendManyItem,
  type AppendManyOutcome,
  type AppendResult,
  type EventStore,
  type RecordedEvent,
} from './types.js';

/**
 * The PostgreSQL store's semantics without a database, for pure unit tests.
 * Every appendMany is one "transaction" with its own id, applied synchronously,
 * so it is atomic and the feed order (transaction_id, global_position) is
 * simply the order of appends.
 */
export function createInMemoryEventStore(): EventStore {
  const all: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const listeners = new Set<() => void>();
  let lastTransactionId = 0;

  function resultOf(version: number, last: RecordedEvent | undefined): AppendResult {
    if (!last) return { next_expected_version: version, last_global_position: 0, position: START };
    return {
      next_expected_version: version,
      last_global_position: last.global_position,
      last_transaction_id: last.transaction_id,
      position: checkpointOf(last),
    };
  }

  function appendItem(item: AppendManyItem, transactionId: number): AppendResult {
    const stream = streams.get(item.streamId) ?? [];
    // uuids compare case-insensitively, as the uuid column does.
    const ids = [...new Set(item.events.map((e) => e.event_id.toLowerCase()))];
    const found = ids.map((id) => stream.find((e) => e.event_id === id));
    if (ids.length > 0 && found.every(Boolean)) {
      const last = found.reduce((a, b) => (a!.stream_position > b!.stream_position ? a : b));
      return resultOf(last!.stream_position, last);
    }
    const expected = item.expectedVersion ?? 'any';
    if (!satisfiesExpectedVersion(expected, stream.length)) throw new WrongExpectedVersionError(item.streamId, expected, stream.length);
    for (const event of item.events) {
      const id = event.event_id.toLowerCase();
      if (stream.some((e) => e.event_id === id)) continue;
      const recorded: RecordedEvent = {
        global_position: all.length + 1,
        transaction_id: transactionId,
        stream_id: item.streamId,
        stream_position: stream.length + 1,
        event_id: id,
        type: event.type,
        schema_version: event.schema_version ?? 1,
        data: structuredClone(event.data),
        metadata: structuredClone(event.metadata ?? {}),
        created_at: new Date(),
      };
      stream.push(recorded);
      all.push(recorded);
    }
    if (stream.length > 0) streams.set(item.streamId, stream);
    return resultOf(stream.length, item.events.length > 0 ? stream[stream.length - 1] : undefined);
  }

  const visibleAfter = (after: { transaction_id: number; global_position: number }) =>
    all.filter((e) => compareCheckpoints(e, after) > 0);

  const store: EventStore = {
    append: (streamId, events, options) => appendOne(store.appendMany, streamId, events, options),
    async appendMany(items) {
      assertValidItems(items);
      const transactionId = ++lastTransactionId;
      const before = all.length;
      const outcomes = items.map((item): AppendManyOutcome => {
        try {
          return { ok: true, result: appendItem(item, transactionId) };
        } catch (error) {
          return { ok: false, error: error as Error };
        }
      });
      if (all.length > before) for (const listener of listeners) queueMicrotask(listener);
      return outcomes;
    },
    async readStream(streamId, options = {}) {
      const stream = streams.get(streamId) ?? [];
      const from = Math.max(options.from ?? 1, options.last === undefined ? 1 : stream.length - options.last + 1, 1);
      const events = stream.slice(from - 1, options.maxCount === undefined ? undefined : from - 1 + options.maxCount);
      return { version: stream.length, events: structuredClone(events) };
    },
    async readAll({ after, maxCount }) {
      return structuredClone(visibleAfter(after).slice(0, maxCount));
    },
    async head() {
      const last = all[all.length - 1];
      return last ? checkpointOf(last) : START;
    },
    async countAfter(after) {
      return visibleAfter(after).length;
    },
    async onAppended(listener) {
      listeners.add(listener);
      return async () => void listeners.delete(listener);
    },
  };
  return store;
}
