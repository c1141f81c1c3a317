import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, createPostgresDb, type Db } from '@memctx/db';
import { createPostgresQuota, migrateQuota, utcDay } from '@memctx/commands';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';

describe('daily ingest quota on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase('quota');
    db = createPostgresDb({ connectionString: database.url, maxConnections: 20 });
    await migrateQuota(db);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('lets exactly the limit through under concurrency, then refuses with the reset time', async () => {
    const quota = createPostgresQuota(db, 25);
    const now = new Date('2026-11-23T23:59:00Z');
    const decisions = await Promise.all(Array.from({ length: 60 }, () => quota.consume('u1', 1, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(25);
    const refused = decisions.find((d) => !d.allowed)!;
    expect(refused).toMatchObject({ limit: 25, remaining: 0, resetAt: Date.parse('2026-11-24T00:00:00Z') / 1000 });
    expect((await quota.consume('u2', 1, now)).allowed).toBe(true);
    expect((await quota.consume('u1', 1, new Date('2026-11-24T00:00:01Z'))).allowed).toBe(true);
  });

  it('charges requests that arrive together in one statement, and near the limit lets through exactly what fits', async () => {
    const quota = createPostgresQuota(db, 5);
    const now = new Date('2026-11-23T12:00:00Z');
    await quota.consume('near', 3, now);
    // The first call runs alone; the other eight wait for it and share one batch: two users, one of them near the limit.
    const [first, ...rest] = await Promise.all([
      quota.consume('far', 1, now),
      ...Array.from({ length: 4 }, () => quota.consume('near', 1, now)),
      ...Array.from({ length: 4 }, () => quota.consume('far', 1, now)),
    ]);
    const near = rest.slice(0, 4);
    const far = rest.slice(4);
    expect(first!.remaining).toBe(4);
    expect(near.map((d) => d.allowed)).toEqual([true, true, false, false]);
    expect(near.map((d) => d.remaining)).toEqual([1, 0, 0, 0]);
    expect(far.map((d) => d.remaining)).toEqual([3, 2, 1, 0]);
    const { rows } = await db.query<{ user_id: string; used: number }>(
      "SELECT user_id, used FROM ingest_quota WHERE day = '2026-11-23' AND user_id IN ('near', 'far') ORDER BY user_id",
    );
    expect(rows).toEqual([{ user_id: 'far', used: 5 }, { user_id: 'near', used: 5 }]);
  });
});

describe('daily ingest quota on PGlite', () => {
  it('counts per user and UTC day', async () => {
    const db = await createPgliteDb();
    await migrateQuota(db);
    const quota = createPostgresQuota(db, 2);
    const now = new Date('2026-11-23T10:00:00Z');
    expect((await quota.consume('u', 1, now)).remaining).toBe(1);
    expect((await quota.consume('u', 1, now)).remaining).toBe(0);
    expect((await quota.consume('u', 1, now)).allowed).toBe(false);
    expect(utcDay(now).day).toBe('2026-11-23');
    await db.close();
  });
});
