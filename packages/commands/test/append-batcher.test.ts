import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore, type AppendManyItem, type EventStore } from '@memctx/event-store';
import { createAppendBatcher } from '@memctx/commands';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';

const item = (streamId: string, text: string): AppendManyItem => ({
  streamId,
  expectedVersion: 'no_stream',
  events: [{ event_id: randomUUID(), type: 'Noted', data: { text } }],
});

describe('group commit with one poisoned item, on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  let store: EventStore;
  const batchSizes: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('batcher');
    db = createPostgresDb({ connectionString: database.url, maxConnections: 4 });
    await migrateEventStore(db);
    const real = createPostgresEventStore(db);
    // The real store, with the sizes of the batches it was given written down.
    store = { ...real, appendMany: (items) => (batchSizes.push(items.length), real.appendMany(items)) };
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('given 30 appends batched with one PostgreSQL refuses, when flushed, then only that one fails and the rest are stored', async () => {
    const batcher = createAppendBatcher(store);
    const run = randomUUID();
    const items = Array.from({ length: 30 }, (_, i) => item(`s-${run}-${i}`, i === 17 ? 'poison \u0000 here' : `good ${i}`));

    const settled = await Promise.allSettled(items.map((entry) => batcher.append(entry)));

    expect(Math.max(...batchSizes)).toBeGreaterThan(1); // the poisoned item really shared a batch
    const failed = settled.flatMap((result, i) => (result.status === 'rejected' ? [i] : []));
    expect(failed).toEqual([17]);
    expect(String((settled[17] as PromiseRejectedResult).reason)).toMatch(/unicode|\\u0000|0x00/i);
    for (const [i, result] of settled.entries()) {
      if (i === 17) continue;
      expect(result).toMatchObject({ status: 'fulfilled', value: { ok: true } });
      const { version, events } = await store.readStream(items[i]!.streamId);
      expect(version).toBe(1);
      expect(events[0]!.data).toEqual({ text: `good ${i}` });
    }
    expect((await store.readStream(items[17]!.streamId)).version).toBe(0);
  });

  it('keeps per-item conflicts as outcomes, and the order of one stream’s appends, after a failed batch', async () => {
    const batcher = createAppendBatcher(store);
    const stream = `ordered-${randomUUID()}`;
    const first = item(stream, 'first');
    const second: AppendManyItem = { ...item(stream, 'second'), expectedVersion: 1 };
    const conflicting = item(stream, 'conflict'); // expects no stream, but `first` creates it
    const poison = item(`p-${randomUUID()}`, '\u0000');
    // The first append flushes alone; the next four queue behind it and share one batch.
    const warm = batcher.append(item(`w-${randomUUID()}`, 'warm'));
    const [a, b, c, d] = await Promise.allSettled([first, second, conflicting, poison].map((entry) => batcher.append(entry)));
    await warm;

    expect(a).toMatchObject({ status: 'fulfilled', value: { ok: true } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { ok: true } });
    expect(c).toMatchObject({ status: 'fulfilled', value: { ok: false } });
    expect(d?.status).toBe('rejected');
    expect((await store.readStream(stream)).events.map((e) => e.data.text)).toEqual(['first', 'second']);
  });
});
