import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppendManyItem, AppendManyOutcome, EventStore } from '@memctx/event-store';
import { createAppendBatcher } from '@memctx/commands';
import { OverloadedError } from '@memctx/shared';

const item = (): AppendManyItem => ({
  streamId: `s-${randomUUID()}`,
  expectedVersion: 'no_stream',
  events: [{ event_id: randomUUID(), type: 'Noted', data: {} }],
});

/** A store whose appendMany waits until `commit()`; every item is stored at version 1. */
function slowStore() {
  let pending: Array<() => void> = [];
  const stored = { ok: true, version: 1 } as unknown as AppendManyOutcome;
  const appendMany = (items: AppendManyItem[]) =>
    new Promise<AppendManyOutcome[]>((resolve) => pending.push(() => resolve(items.map(() => stored))));
  const store = { appendMany } as unknown as EventStore;
  return {
    store,
    commit() {
      const waiting = pending;
      pending = [];
      for (const done of waiting) done();
    },
  };
}

describe('group commit queue bound', () => {
  it('given maxQueue appends waiting behind a flush, refuses the next with an OverloadedError and takes appends again once it drains', async () => {
    const { store, commit } = slowStore();
    const batcher = createAppendBatcher(store, { maxQueue: 3 });
    const inFlight = batcher.append(item()); // flushing: the queue is empty again
    await Promise.resolve();
    const waiting = [batcher.append(item()), batcher.append(item()), batcher.append(item())];

    const refused = batcher.append(item());
    await expect(refused).rejects.toBeInstanceOf(OverloadedError);
    await expect(refused).rejects.toMatchObject({ bound: 'commit_queue' });

    commit();
    await inFlight;
    await new Promise((resolve) => setTimeout(resolve, 0));
    commit();
    await expect(Promise.all(waiting)).resolves.toHaveLength(3);
    const later = batcher.append(item());
    await new Promise((resolve) => setTimeout(resolve, 0));
    commit();
    await expect(later).resolves.toMatchObject({ ok: true });
  });

  it('without maxQueue, queues without a bound', async () => {
    const { store, commit } = slowStore();
    const batcher = createAppendBatcher(store);
    const appends = Array.from({ length: 2_000 }, () => batcher.append(item()));
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      commit();
    }
    await expect(Promise.all(appends)).resolves.toHaveLength(2_000);
  });
});
