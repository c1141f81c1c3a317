import { randomUUID } from 'node:crypto';
import { createPgliteDb, createPostgresDb, type Db } from '@memctx/db';
import { createInMemoryEventStore } from '@memctx/event-store';
import { activeGeneration, analyseChanged, ensureActiveGeneration, keepStatistics, migrateGenerations, rebuildProjection, type Projection } from '@memctx/projections';
import { databaseBackends } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A row per event it handles. */
const counted: Projection = {
  name: 'counted',
  version: 1,
  tables: ['counted_rows'],
  schemaSql: 'CREATE TABLE counted_rows (position bigint PRIMARY KEY, note text)',
  handles: ['RoundIngested'],
  async apply(tx, events) {
    for (const event of events) await tx.query('INSERT INTO counted_rows (position, note) VALUES ($1, $2)', [event.global_position, 'x']);
  },
};

// Backends report their change counters to the statistics system a moment after a transaction, so the tests poll.
const POLL = { timeout: 30_000, interval: 250 };

const backends = databaseBackends<Db>('statistics', { pglite: createPgliteDb, postgres: (url) => createPostgresDb({ connectionString: url }) });

describe.each(backends)('planner statistics of a generation (%s)', (_, open) => {
  let db: Db;
  let close: () => Promise<void>;
  let schema: string;
  beforeAll(async () => {
    ({ db, close } = await open());
    await migrateGenerations(db);
    schema = (await ensureActiveGeneration(db, counted)).schemaName;
  });
  afterAll(() => close());

  const insert = (from: number, count: number) =>
    db.exec(`INSERT INTO ${schema}.counted_rows (position, note) SELECT g, 'x' FROM generate_series(${from}, ${from + count - 1}) g`);
  const reltuples = async (schemaName: string) =>
    Number((await db.query<{ n: number }>(`SELECT reltuples AS n FROM pg_class WHERE oid = '${schemaName}.counted_rows'::regclass`)).rows[0]!.n);

  const changedRows = async () =>
    Number((await db.query<{ n: number }>(`SELECT n_mod_since_analyze AS n FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'counted_rows'`, [schema])).rows[0]!.n);

  it('analyses a table never analysed once it holds rows, then again after autovacuum\'s share of it changed, not within the interval', async () => {
    expect(await reltuples(schema)).toBe(-1);
    await insert(1, 400);
    await expect.poll(() => analyseChanged(db, schema, counted.tables), POLL).toEqual(['counted_rows']);
    expect(await reltuples(schema)).toBe(400);
    expect(await analyseChanged(db, schema, counted.tables, 0)).toEqual([]);

    // 50 + 10 % of 400 is 90: 100 more rows call for an analysis, once a minute has passed since the last one.
    await insert(401, 100);
    await expect.poll(changedRows, POLL).toBe(100);
    expect(await analyseChanged(db, schema, counted.tables)).toEqual([]);
    expect(await analyseChanged(db, schema, counted.tables, 0)).toEqual(['counted_rows']);
    expect(await reltuples(schema)).toBe(500);
  });

  it('keeps the active generation analysed in the background, and stops', async () => {
    await insert(1_001, 700);
    const analysed: string[][] = [];
    const keeper = keepStatistics(db, [counted], { everyMs: 100, minIntervalSeconds: 0, onAnalysed: (_, tables) => analysed.push(tables) });
    await expect.poll(() => reltuples(schema), POLL).toBe(1_200);
    await keeper.stop();
    expect(analysed).toContainEqual(['counted_rows']);
  });

  it('analyses a rebuilt generation before it serves reads', async () => {
    const store = createInMemoryEventStore();
    await store.append(`s-${randomUUID()}`, Array.from({ length: 30 }, () => ({ event_id: randomUUID(), type: 'RoundIngested', data: {} })));
    const result = await rebuildProjection(db, store, counted);
    const rebuilt = (await activeGeneration(db, counted.name))!;
    expect(rebuilt.generation).toBe(result.to);
    expect(await reltuples(rebuilt.schemaName)).toBe(30);
  });
});
