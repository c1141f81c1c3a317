import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createInMemoryEventStore, shareFeedReads, START, type EventStore } from '@memctx/event-store';
import { eventStoreContract } from '@memctx/event-store/contract';

// Whatever it shares, the feed must read as the store's own.
eventStoreContract('in-memory, reads shared', {
  supportsConcurrentTransactions: false,
  open: async () => ({ store: shareFeedReads(createInMemoryEventStore()), close: async () => undefined }),
});

describe('shared feed reads', () => {
  /** The in-memory store, counting the reads that reach it. */
  function counted(): { store: EventStore; inner: EventStore; reads: () => number } {
    const inner = createInMemoryEventStore();
    let reads = 0;
    return { store: { ...inner, readAll: (options) => (reads++, inner.readAll(options)) }, inner, reads: () => reads };
  }
  const appendRounds = (store: EventStore, n: number) =>
    store.append(`s-${randomUUID()}`, Array.from({ length: n }, (_, i) => ({ event_id: randomUUID(), type: 'Round', data: { i } })));

  it('serves followers at the same checkpoint with one read, and one behind from memory, the same events', async () => {
    const { store, inner, reads } = counted();
    const shared = shareFeedReads(store);
    await appendRounds(store, 10);
    const [a, b] = await Promise.all([shared.readAll({ after: START, maxCount: 100 }), shared.readAll({ after: START, maxCount: 100 })]);
    expect(reads()).toBe(1);
    expect(b).toEqual(a);
    const behind = await shared.readAll({ after: a[3]!, maxCount: 4 });
    expect(reads()).toBe(1);
    expect(behind).toEqual(await inner.readAll({ after: a[3]!, maxCount: 4 }));
  });

  it('never answers "nothing new" from memory, and extends what it keeps with the next read', async () => {
    const { store, inner, reads } = counted();
    const shared = shareFeedReads(store, { keep: 8 });
    await appendRounds(store, 5);
    const first = await shared.readAll({ after: START, maxCount: 100 });
    await appendRounds(store, 5);
    const next = await shared.readAll({ after: first.at(-1)!, maxCount: 100 });
    expect(next.map((e) => e.data)).toEqual([0, 1, 2, 3, 4].map((i) => ({ i })));
    expect(reads()).toBe(2);
    // Eight kept: the third event on are still in memory, across both reads...
    expect(await shared.readAll({ after: first[2]!, maxCount: 3 })).toEqual(await inner.readAll({ after: first[2]!, maxCount: 3 }));
    expect(reads()).toBe(2);
    // ...the first two are gone, so reading from the start goes to the store again.
    expect((await shared.readAll({ after: START, maxCount: 100 })).length).toBe(10);
    expect(reads()).toBe(3);
    expect(await shared.readAll({ after: next.at(-1)!, maxCount: 100 })).toEqual([]);
    expect(reads()).toBe(4);
  });
});
