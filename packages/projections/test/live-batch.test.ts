import { randomUUID } from 'node:crypto';
import { createPgliteDb, type Db } from '@memctx/db';
import { START, checkpointOf, createInMemoryEventStore, type EventStore } from '@memctx/event-store';
import { activeGeneration, catchUp, ensureActiveGeneration, migrateGenerations, type Projection } from '@memctx/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockAtCheckpoint, passOver } from '../src/live-batch.js';

/** Rows of the events it handles (purges, data unparsed), so a test sees what was applied. */
const watching: Projection = {
  name: 'watching',
  version: 1,
  tables: ['watched'],
  schemaSql: 'CREATE TABLE watched (position bigint PRIMARY KEY)',
  handles: ['SessionPurged'],
  async apply(tx, events) {
    for (const event of events) await tx.query('INSERT INTO watched (position) VALUES ($1)', [event.global_position]);
  },
};

const append = (store: EventStore, type: string, count: number) =>
  store.append(`s-${randomUUID()}`, Array.from({ length: count }, () => ({ event_id: randomUUID(), type, data: {} })));

describe('the statements of a live batch', () => {
  let db: Db;
  let store: EventStore;
  let transactions = 0;
  beforeAll(async () => {
    const inner = await createPgliteDb();
    db = { ...inner, transaction: (fn) => (transactions++, inner.transaction(fn)), close: () => inner.close() };
    await migrateGenerations(db);
    await ensureActiveGeneration(db, watching);
    store = createInMemoryEventStore();
    transactions = 0;
  });
  afterAll(() => db.close());

  const checkpoint = async () => (await activeGeneration(db, watching.name))!.checkpoint.global_position;

  it('moves the checkpoint without a batch transaction once one is saved, applies the events it handles in one, and refuses once retired', async () => {
    await append(store, 'RoundIngested', 3);
    await catchUp(db, store, [watching], 2);
    // The first checkpoint is inserted by a batch transaction; the next batch of ignored events needs none.
    expect(transactions).toBe(1);
    expect(await checkpoint()).toBe(3);

    await append(store, 'RoundIngested', 2);
    await catchUp(db, store, [watching], 10);
    expect(transactions).toBe(1);
    expect(await checkpoint()).toBe(5);

    await append(store, 'SessionPurged', 1);
    await catchUp(db, store, [watching], 10);
    expect(transactions).toBe(2);
    expect((await db.query<{ position: number }>('SELECT position FROM rm_watching_g1.watched')).rows).toEqual([{ position: 6 }]);
    expect(await checkpoint()).toBe(6);

    // Straight to the statement: a retired generation, or a checkpoint no longer where the batch was read from, moves nothing.
    await append(store, 'RoundIngested', 1);
    const generation = (await activeGeneration(db, watching.name))!;
    const [sixth, seventh] = (await store.readAll({ after: START, maxCount: 10 })).slice(5);
    expect(await passOver(db, generation, [seventh!], checkpointOf(seventh!))).toBe(false);
    await db.query(`UPDATE projection_generations SET status = 'retired' WHERE name = $1`, [watching.name]);
    expect(await passOver(db, generation, [seventh!], checkpointOf(sixth!))).toBe(false);
    await db.query(`UPDATE projection_generations SET status = 'active' WHERE name = $1`, [watching.name]);
    expect(await passOver(db, generation, [seventh!], checkpointOf(sixth!))).toBe(true);
    expect(await checkpoint()).toBe(7);
    expect(await passOver(db, generation, [seventh!], START)).toBeUndefined();

    // The batch transaction's lock reads the checkpoint with it, and refuses a retired generation.
    expect(await db.transaction((tx) => lockAtCheckpoint(tx, generation))).toEqual(checkpointOf(seventh!));
    await db.query(`UPDATE projection_generations SET status = 'retired' WHERE name = $1`, [watching.name]);
    expect(await db.transaction((tx) => lockAtCheckpoint(tx, generation))).toBe(false);
  });
});
