import { assertExpectedVersion } from './expected-version.js';
import { pollingSubscription } from './subscription.js';
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

/** The same semantics as the PostgreSQL store, in memory, for pure unit tests. */
export function createInMemoryEventStore(): EventStore {
  const all: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const listeners = new Set<() => void>();
  let transactionId = 0;

  function appendItem(item: AppendManyItem, txId: number): AppendResult {
    const stream = streams.get(item.streamId) ?? [];
    const existing = item.events.map((e) => stream.find((r) => r.event_id === e.event_id));
    if (item.events.length > 0 && existing.every(Boolean)) {
      const last = existing[existing.length - 1]!;
      return { next_expected_version: stream.length, position: checkpointOf(last) };
    }
    assertExpectedVersion(item.streamId, item.expectedVersion ?? 'any', stream.length);
    const fresh = item.events.filter((_, index) => !existing[index]);
    for (const event of fresh) {
      const recorded: RecordedEvent = {
        global_position: all.length + 1,
        transaction_id: txId,
        stream_id: item.streamId,
        stream_position: stream.length + 1,
        event_id: event.event_id,
        type: event.type,
        schema_version: event.schema_version ?? 1,
        data: structuredClone(event.data),
        metadata: structuredClone(event.metadata ?? {}),
        created_at: new Date(),
      };
      stream.push(recorded);
      all.push(recorded);
    }
    streams.set(item.streamId, stream);
    const last = stream[stream.length - 1];
    return { next_expected_version: stream.length, position: last ? checkpointOf(last) : START };
  }

  const notify = () => {
    for (const listener of listeners) queueMicrotask(listener);
  };

  const store: EventStore = {
    async append(streamId, events, options = {}) {
      const [outcome] = await store.appendMany([{ streamId, events, expectedVersion: options.expectedVersion }]);
      if (!outcome!.ok) throw outcome!.error;
      return outcome!.result;
    },
    async appendMany(items) {
      const txId = ++transactionId;
      const outcomes: AppendManyOutcome[] = items.map((item) => {
        try {
          return { ok: true, result: appendItem(item, txId) };
        } catch (error) {
          return { ok: false, error: error as Error };
        }
      });
      notify();
      return outcomes;
    },
    async readStream(streamId, options = {}) {
      const stream = streams.get(streamId) ?? [];
      const from = options.from ?? 1;
      const events = stream.filter((e) => e.stream_position >= from).slice(0, options.maxCount ?? Number.MAX_SAFE_INTEGER);
      return { version: stream.length, events: structuredClone(events) };
    },
    async readAll({ after, maxCount }) {
      return structuredClone(all.filter((e) => compareCheckpoints(checkpointOf(e), after) > 0).slice(0, maxCount));
    },
    async head() {
      const last = all[all.length - 1];
      return last ? checkpointOf(last) : START;
    },
    async countAfter(after) {
      return all.filter((e) => compareCheckpoints(checkpointOf(e), after) > 0).length;
    },
    async onAppended(listener) {
      listeners.add(listener);
      return async () => void listeners.delete(listener);
    },
    subscribe: (options) => pollingSubscription(store, options),
  };
  return store;
}
