import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';
import { createPostgresDb, type Db } from '@memctx/db';

/**
 * The server may end a session while our code holds its connection (idle-in-transaction timeout,
 * restart, pg_terminate_backend). The pool only watches idle clients, so these tests make sure a
 * checked-out client's death is a rejected promise, never an uncaught exception.
 */
describe('a PostgreSQL connection lost while checked out', () => {
  let database: TestDatabase;
  let db: Db;
  let admin: Db;
  const lost: Array<{ error: Error; where: string }> = [];
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    database = await createTestDatabase('connloss');
    admin = createPostgresDb({ connectionString: database.url, applicationName: 'memctx-test-admin' });
  });
  afterAll(async () => {
    await admin.close();
    await database.drop();
  });
  beforeEach(() => {
    lost.length = 0;
    uncaught.length = 0;
    // vitest reports uncaught exceptions too; this listener lets the test assert on them directly.
    process.on('uncaughtException', onUncaught);
    db = createPostgresDb({
      connectionString: database.url, maxConnections: 2, applicationName: 'memctx-test-victim',
      onConnectionError: (error, where) => lost.push({ error, where }),
    });
  });
  afterEach(async () => {
    process.off('uncaughtException', onUncaught);
    await db.close();
  });

  const backendPid = async (q: Pick<Db, 'query'>) => (await q.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const terminate = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);
  /** The 'error' event arrives on the socket after the server closed it; give it a moment. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('rejects a transaction whose backend is terminated between statements, and keeps serving', async () => {
    const outcome = db.transaction(async (tx) => {
      await terminate(await backendPid(tx));
      await settle();
      await tx.query('SELECT 1');
    });
    await expect(outcome).rejects.toThrow();
    await settle();
    expect(uncaught).toEqual([]);
    expect(lost.map((l) => l.where)).toContain('checked out');
    // Both pool slots still answer: the dead client was destroyed, not handed out again.
    const answers = await Promise.all([1, 2, 3, 4].map((n) => db.query<{ n: number }>('SELECT $1::int AS n', [n])));
    expect(answers.map((a) => a.rows[0]?.n)).toEqual([1, 2, 3, 4]);
  });

  it('survives the idle-in-transaction timeout on an open transaction', async () => {
    const outcome = db.transaction(async (tx) => {
      await tx.query("SET LOCAL idle_in_transaction_session_timeout = '50ms'");
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.query('SELECT 1');
    });
    await expect(outcome).rejects.toThrow();
    await settle();
    expect(uncaught).toEqual([]);
    expect(lost[0]?.error.message).toMatch(/idle-in-transaction/);
    expect((await db.query<{ ok: number }>('SELECT 1 AS ok')).rows[0]?.ok).toBe(1);
  });

  it('rejects the next statement on a held connection whose backend died, and releases it', async () => {
    const connection = await db.connect();
    await terminate(await backendPid(connection));
    await settle();
    await expect(connection.query('SELECT 1')).rejects.toThrow();
    connection.release();
    expect(uncaught).toEqual([]);
    const again = await Promise.all([db.connect(), db.connect()]);
    for (const c of again) {
      expect((await c.query<{ ok: number }>('SELECT 1 AS ok')).rows[0]?.ok).toBe(1);
      c.release();
    }
  });

  it('listens again after the LISTEN connection is terminated', async () => {
    const payloads: string[] = [];
    await db.listen('memctx_loss', (payload) => payloads.push(payload));
    const { rows } = await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE application_name = 'memctx-test-victim' AND query LIKE 'LISTEN%' AND datname = current_database()",
    );
    expect(rows).toHaveLength(1);
    await terminate(rows[0]!.pid);
    await settle();
    expect(uncaught).toEqual([]);
    expect(lost.map((l) => l.where)).toContain('listen');
    // The channel reopens after a pause; a notification sent then arrives.
    await expect.poll(async () => {
      await admin.query("SELECT pg_notify('memctx_loss', 'after')");
      return payloads;
    }, { timeout: 5_000, interval: 200 }).toContain('after');
  });
});
