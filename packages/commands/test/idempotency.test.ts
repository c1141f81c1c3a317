import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, createPostgresDb, type Db } from '@memctx/db';
import { createIdempotencyStore, IdempotencyConflictError, migrateIdempotency, runOnce, type IdempotencyRequest } from '@memctx/commands';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';

const request = (requestHash = 'h1'): IdempotencyRequest => ({ userId: 'u', scope: 'memory.ingest', key: randomUUID(), requestHash });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('idempotency keys on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase('idempotency');
    db = createPostgresDb({ connectionString: database.url, maxConnections: 20 });
    await migrateIdempotency(db);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('given 20 concurrent runs of one key, then the work runs once and every caller gets its response', async () => {
    const store = createIdempotencyStore(db, { ttlSeconds: 60, waitMs: 5_000 });
    const req = request();
    let runs = 0;
    const work = async () => {
      runs++;
      await sleep(100);
      return { id: 'first' };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => runOnce(store, req, work)));
    expect(runs).toBe(1);
    expect(answers).toEqual(Array(20).fill({ id: 'first' }));
  });

  it('given 10 keys run 3 times each at once (claims and completions batched together), then each runs once and replays its own response', async () => {
    const store = createIdempotencyStore(db, { ttlSeconds: 60, waitMs: 5_000 });
    const keys = Array.from({ length: 10 }, () => request());
    const runs = new Map<string, number>();
    const work = (key: string) => async () => {
      runs.set(key, (runs.get(key) ?? 0) + 1);
      await sleep(20);
      return { key };
    };
    const calls = keys.flatMap((req) => [req, req, req]).map((req) => runOnce(store, req, work(req.key)));
    const answers = await Promise.all(calls);
    expect([...runs.values()]).toEqual(Array(10).fill(1));
    expect(answers).toEqual(keys.flatMap((req) => Array(3).fill({ key: req.key })));
    const { rows } = await db.query<{ state: string }>('SELECT state FROM idempotency_keys WHERE key = ANY($1)', [keys.map((k) => k.key)]);
    expect(rows.map((r) => r.state)).toEqual(Array(10).fill('done'));
  });

  it('given a key still in flight after the wait, then a duplicate is told so (in-flight), and another body at once (different-body)', async () => {
    const store = createIdempotencyStore(db, { ttlSeconds: 60, waitMs: 200 });
    const req = request();
    expect(await store.claim(req)).toMatchObject({ kind: 'claimed' });
    const started = Date.now();
    expect(await store.claim(req)).toEqual({ kind: 'in-flight' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await store.claim({ ...req, requestHash: 'h2' })).toEqual({ kind: 'different-body' });
    await expect(runOnce(store, { ...req, requestHash: 'h2' }, async () => 1)).rejects.toThrow(IdempotencyConflictError);
  });

  it('given a completed key past its TTL, then it can be claimed again, and the sweep deletes expired keys', async () => {
    const store = createIdempotencyStore(db, { ttlSeconds: 1, waitMs: 0 });
    const req = request();
    expect(await runOnce(store, req, async () => 'one')).toBe('one');
    expect(await runOnce(store, req, async () => 'two')).toBe('one');
    await sleep(1_100);
    expect(await runOnce(store, { ...req, requestHash: 'other' }, async () => 'three')).toBe('three');

    const old = request();
    await runOnce(store, old, async () => 'x');
    await sleep(1_100);
    expect(await store.sweep()).toBeGreaterThanOrEqual(2);
    const { rows } = await db.query('SELECT 1 FROM idempotency_keys WHERE key = ANY($1)', [[req.key, old.key]]);
    expect(rows).toHaveLength(0);
  });

  it('given an owner that crashed holding a claim, then after its lease another request takes the key over', async () => {
    const store = createIdempotencyStore(db, { ttlSeconds: 60, waitMs: 0, leaseSeconds: 1 });
    const req = request();
    const crashed = await store.claim(req);
    expect(crashed.kind).toBe('claimed');
    expect(await store.claim(req)).toEqual({ kind: 'in-flight' });
    await sleep(1_100);
    expect(await runOnce(store, req, async () => 'taken over')).toBe('taken over');
    // The crashed owner's late completion no longer counts: its claim is gone.
    if (crashed.kind === 'claimed') await store.complete(req, crashed.token, 200, 'stale');
    expect(await store.claim(req)).toEqual({ kind: 'replay', status: 200, response: 'taken over' });
  });

  it('given a claim stored while its answer was lost with the connection, then the key is given up once the database answers, not held for the lease', async () => {
    // The claim's INSERT runs on the real database; the answer is then dropped, as when the connection dies after the COMMIT.
    let loseNextClaim = true;
    let claimsStored = 0;
    const losing: Db = Object.create(db, {
      query: {
        value: async (...args: Parameters<Db['query']>) => {
          const result = await db.query(...args);
          if (loseNextClaim && String(args[0]).includes('INSERT INTO idempotency_keys')) {
            loseNextClaim = false;
            claimsStored = result.rows.length;
            throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
          }
          return result;
        },
      },
    });
    const store = createIdempotencyStore(losing, { ttlSeconds: 60, waitMs: 0, leaseSeconds: 60 });
    const req = request();
    await expect(runOnce(store, req, async () => 'never')).rejects.toThrow(/Connection terminated/);
    expect(claimsStored).toBe(1);
    // Without the release, every retry here would be told "in flight" until the 60 s lease ran out.
    await expect.poll(() => runOnce(store, req, async () => 'retried').catch((error: Error) => error.name), { timeout: 5_000 }).toBe('retried');
  });

  it('given two settles of one key retried at once, when the quicker one is stored, then a retry is still told to come back (503), not "in flight"', async () => {
    // A's release of its failed work keeps failing (the database is away for it); B's claim is lost with its
    // connection, so B's token is given up in the background too, and that succeeds first.
    let firstToken: unknown;
    let holdFirst = true;
    const failedOnce = new Set<unknown>();
    let loseNextClaim = false;
    const lost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const flaky: Db = Object.create(db, {
      query: {
        value: async (...args: Parameters<Db['query']>) => {
          const [sql, params] = args;
          if (String(sql).startsWith('DELETE FROM idempotency_keys WHERE user_id')) {
            firstToken ??= params?.[3];
            if (holdFirst && params?.[3] === firstToken) throw lost();
            // Every other token's release fails once, so it too is retried in the background.
            if (!failedOnce.has(params?.[3])) {
              failedOnce.add(params?.[3]);
              throw lost();
            }
          }
          if (loseNextClaim && String(sql).includes('INSERT INTO idempotency_keys')) {
            loseNextClaim = false;
            throw lost();
          }
          return db.query(...args);
        },
      },
    });
    const store = createIdempotencyStore(flaky, { ttlSeconds: 60, waitMs: 0, leaseSeconds: 60 });
    const req = request();
    await expect(runOnce(store, req, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    loseNextClaim = true;
    await expect(runOnce(store, req, async () => 'never')).rejects.toThrow(/Connection terminated/);
    await sleep(600);

    await expect(runOnce(store, req, async () => 'too soon')).rejects.toMatchObject({ name: 'DependencyUnavailableError' });
    holdFirst = false;
    await expect.poll(() => runOnce(store, req, async () => 'retried').catch((error: Error) => error.name), { timeout: 5_000 }).toBe('retried');
  });

  it('releases a key whose work failed, so the next request runs', async () => {
    const store = createIdempotencyStore(db, { ttlSeconds: 60, waitMs: 0 });
    const req = request();
    await expect(runOnce(store, req, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await runOnce(store, { ...req, requestHash: 'fixed' }, async () => 'ok')).toBe('ok');
  });
});

describe('idempotency keys on PGlite (the embedded default)', () => {
  it('claims, replays, refuses another body, expires and sweeps', async () => {
    const db = await createPgliteDb();
    await migrateIdempotency(db);
    const store = createIdempotencyStore(db, { ttlSeconds: 1, waitMs: 0 });
    const req = request();
    expect(await runOnce(store, req, async () => ({ round_id: 'r1' }))).toEqual({ round_id: 'r1' });
    expect(await runOnce(store, req, async () => ({ round_id: 'r2' }))).toEqual({ round_id: 'r1' });
    expect(await store.claim({ ...req, requestHash: 'other' })).toEqual({ kind: 'different-body' });
    await sleep(1_100);
    expect(await store.sweep()).toBe(1);
    expect(await runOnce(store, { ...req, requestHash: 'other' }, async () => 'again')).toBe('again');
    await db.close();
  });
});
