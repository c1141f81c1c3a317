import { randomUUID } from 'node:crypto';
import { createPgliteDb, type Db } from '@memctx/db';
import { START, checkpointOf, createInMemoryEventStore, type EventStore } from '@memctx/event-store';
import { catchUp, createCheckpointStore, followFeed, migrateCheckpoints, processor, type CheckpointStore } from '@memctx/processors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const append = (store: EventStore, count: number) =>
  store.append('s-1', Array.from({ length: count }, () => ({ event_id: randomUUID(), type: 'Happened', data: {} })));

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('processor', () => {
  let db: Db;
  let checkpoints: CheckpointStore;
  let store: EventStore;
  let name: string;
  beforeAll(async () => {
    db = await createPgliteDb();
    await migrateCheckpoints(db);
    await db.exec('CREATE TABLE handled (position bigint PRIMARY KEY)');
    checkpoints = createCheckpointStore(db);
  });
  afterAll(() => db.close());
  beforeEach(() => {
    store = createInMemoryEventStore();
    name = `p-${randomUUID()}`;
  });

  it('follows the feed: every event once and in order, woken by an append long before its idle wait, and resumed from its checkpoint', async () => {
    const seen: number[] = [];
    const reacting = processor({ name, checkpoints, handle: async (events) => void seen.push(...events.map((e) => e.global_position)) });
    await append(store, 5);
    const following = followFeed(reacting, store, { batchSize: 2, idleWaitMs: 60_000 });
    await until(() => seen.length === 5, 'the catch-up');
    await append(store, 1);
    await until(() => seen.length === 6, 'the wake-up');
    await following.stop();

    await append(store, 2);
    const again = followFeed(reacting, store, { batchSize: 2, idleWaitMs: 60_000 });
    await until(() => seen.length === 8, 'the restart');
    await again.stop();
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await reacting.position()).toEqual({ transaction_id: 3, global_position: 8 });
  });

  it('gathers the appends that land after a short batch into one batch, and a full batch reads on at once', async () => {
    const batches: number[][] = [];
    const gathering = processor({ name, checkpoints, handle: async (events) => void batches.push(events.map((e) => e.global_position)) });
    await append(store, 1);
    const following = followFeed(gathering, store, { batchSize: 4, idleWaitMs: 60_000, gatherMs: 300 });
    await until(() => batches.length === 1, 'the first batch');
    // Three appends, each of which would wake a batch of its own, within the gather time after the first batch.
    for (let i = 0; i < 3; i++) {
      await append(store, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await until(() => batches.flat().length === 4, 'the gathered batch');
    // A full batch is not followed by a gather: the next one is read at once, then the short rest gathers again.
    const before = Date.now();
    await append(store, 5);
    await until(() => batches.flat().length === 9, 'the batches after a full one');
    await following.stop();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6, 7, 8], [9]]);
    expect(Date.now() - before).toBeGreaterThanOrEqual(250);
  });

  it('ends a gather at once when a reader waits for it, and gathers again afterwards', async () => {
    const batches: number[][] = [];
    const gathering = processor({ name, checkpoints, handle: async (events) => void batches.push(events.map((e) => e.global_position)) });
    let hurry: (() => void) | undefined;
    let listening = 0;
    const readerWaiting = async (wake: () => void) => {
      hurry = wake;
      listening++;
      return async () => void listening--;
    };
    await append(store, 1);
    const following = followFeed(gathering, store, { batchSize: 4, idleWaitMs: 60_000, gatherMs: 60_000, readerWaiting });
    await until(() => batches.length === 1, 'the first batch');
    await append(store, 1);
    // Inside a gather of a minute: only the reader's call can bring the second append in.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([[1]]);
    hurry!();
    await until(() => batches.length === 2, 'the hurried batch');
    // The gather after that batch is whole again: an append waits in it.
    await append(store, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(batches).toEqual([[1], [2]]);
    await following.stop();
    expect(listening).toBe(0);
  });

  it('handles a failed batch again from its checkpoint after a pause, and the checkpoint never passes it meanwhile', async () => {
    const errors: unknown[] = [];
    const seen: number[] = [];
    const flaky = processor({
      name, checkpoints,
      async handle(events) {
        if (errors.length < 2) throw new Error('broker away');
        seen.push(...events.map((e) => e.global_position));
      },
    });
    await append(store, 3);
    const following = followFeed(flaky, store, { idleWaitMs: 60_000, errorWaitMs: 10, onError: (error) => errors.push(error) });
    await until(() => seen.length === 3, 'the retry');
    await following.stop();
    expect(errors).toHaveLength(2);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('commits an atomic processor\'s rows with its checkpoint: a failure leaves neither, a refused lock handles nothing', async () => {
    let fail = true;
    let refuse = false;
    const atomic = processor({
      name, checkpoints, db,
      lock: async () => !refuse,
      async handle(events, tx) {
        await tx.query('INSERT INTO handled SELECT unnest($1::bigint[]) + 1000 * $2', [events.map((e) => e.global_position), events.length]);
        if (fail) throw new Error('crash');
      },
    });
    await append(store, 2);
    const events = await store.readAll({ after: START, maxCount: 10 });
    await expect(atomic.process(events, START)).rejects.toThrow('crash');
    expect(await atomic.position()).toEqual(START);
    refuse = true;
    fail = false;
    expect(await atomic.process(events, START)).toBe(false);
    refuse = false;
    expect(await atomic.process(events, START)).toBe(true);
    // A second instance that read the same batch from the same checkpoint finds it moved and applies nothing.
    expect(await atomic.process(events, START)).toBe(false);
    expect((await db.query('SELECT position FROM handled WHERE position > 2000 ORDER BY position')).rows).toEqual([{ position: 2001 }, { position: 2002 }]);
  });

  it('catches up to the head as it stood, reading again from the store when another instance moved the checkpoint', async () => {
    const seen: number[] = [];
    const reacting = processor({ name, checkpoints, handle: async (events) => void seen.push(...events.map((e) => e.global_position)) });
    await append(store, 5);
    // Someone else processed the first two.
    await checkpoints.save(name, { transaction_id: 1, global_position: 2 }, START);
    const stale = { ...reacting, position: async () => (seen.length === 0 ? START : reacting.position()) };
    expect(await catchUp(stale, store, { batchSize: 2 })).toBe(3);
    // Its stale batch was handled (at least once), but its checkpoint stayed where the other instance put it.
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(await catchUp(reacting, store, { batchSize: 2 })).toBe(0);
  });

  it('handles deliveries of a partitioned log once per event: repeats skipped per key, and whatever the feed already gave it', async () => {
    const seen: string[] = [];
    const delivered = processor({
      name, checkpoints, db,
      handle: async (events) => void seen.push(...events.map((e) => `${e.stream_id}@${e.global_position}`)),
    });
    await store.append('ana-1', [{ event_id: randomUUID(), type: 'Happened', data: {} }]);
    await store.append('bo-1', [{ event_id: randomUUID(), type: 'Happened', data: {} }]);
    await store.append('ana-2', [{ event_id: randomUUID(), type: 'Happened', data: {} }]);
    await store.append('bo-1', [{ event_id: randomUUID(), type: 'Happened', data: {} }]);
    const [ana1, bo1, ana2, bo2] = await store.readAll({ after: START, maxCount: 10 });
    const userOf = (event: { stream_id: string }) => event.stream_id.split('-')[0]!;
    // What following the feed handled before (a rebuild's switch-over leaves the generation's checkpoint there).
    await checkpoints.save(name, { transaction_id: ana1!.transaction_id, global_position: ana1!.global_position }, START);

    expect(await delivered.processPartitioned([ana1!, ana2!], userOf)).toEqual({ handled: 1, skipped: 1 });
    expect(await delivered.processPartitioned([bo1!], userOf)).toEqual({ handled: 1, skipped: 0 });
    // A relay restart delivers again what a partition carried, then what is new.
    expect(await delivered.processPartitioned([ana2!], userOf)).toEqual({ handled: 0, skipped: 1 });
    expect(await delivered.processPartitioned([bo1!, bo2!], userOf)).toEqual({ handled: 1, skipped: 1 });
    expect(seen).toEqual(['ana-2@3', 'bo-1@2', 'bo-1@4']);
    expect(await checkpoints.loadPartitions(name, ['ana', 'bo'])).toEqual(new Map([['ana', checkpointOf(ana2!)], ['bo', checkpointOf(bo2!)]]));
    expect(await delivered.position()).toEqual(checkpointOf(ana1!));
  });
});
