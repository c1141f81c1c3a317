import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';
import { createPgliteDb, createPostgresDb, migrate, type Db } from '@memctx/db';

const backends: Array<[string, () => Promise<{ db: Db; cleanup: () => Promise<void> }>]> = [
  [
    'postgres',
    async () => {
      const database: TestDatabase = await createTestDatabase('db');
      const db = createPostgresDb({ connectionString: database.url });
      return { db, cleanup: async () => { await db.close(); await database.drop(); } };
    },
  ],
  ['pglite', async () => { const db = await createPgliteDb(); return { db, cleanup: () => db.close() }; }],
];

describe.each(backends)('Db on %s', (_name, open) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await open()));
  afterAll(() => cleanup());

  it('returns int8 and xid8 as numbers', async () => {
    const { rows } = await db.query<{ n: number; x: number }>('SELECT 9007199254740991::int8 AS n, pg_current_xact_id() AS x');
    expect(rows[0]?.n).toBe(Number.MAX_SAFE_INTEGER);
    expect(typeof rows[0]?.x).toBe('number');
  });

  it('rolls a failed transaction back', async () => {
    await db.exec('CREATE TABLE t_rollback (v int); CREATE TABLE t_other (v int)');
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO t_rollback VALUES (1)');
      throw new Error('boom');
    })).rejects.toThrow('boom');
    const { rows } = await db.query<{ c: number }>('SELECT count(*)::int AS c FROM t_rollback');
    expect(rows[0]?.c).toBe(0);
  });

  it('applies each migration once, even when started twice at the same time', async () => {
    const migrations = [
      { id: '0001_a', sql: 'CREATE TABLE m_a (id int); INSERT INTO m_a VALUES (1);' },
      { id: '0002_b', sql: 'CREATE TABLE m_b (id int)' },
    ];
    const [first, second] = await Promise.all([migrate(db, 'test', migrations), migrate(db, 'test', migrations)]);
    expect([...first, ...second].sort()).toEqual(['0001_a', '0002_b']);
    expect(await migrate(db, 'test', migrations)).toEqual([]);
    const { rows } = await db.query<{ c: number }>('SELECT count(*)::int AS c FROM m_a');
    expect(rows[0]?.c).toBe(1);
  });

  it('has pgvector', async () => {
    const { rows } = await db.query<{ d: number }>("SELECT ('[1,0]'::vector <=> '[0,1]'::vector) AS d");
    expect(rows[0]?.d).toBeCloseTo(1);
  });

  it('delivers NOTIFY to a listener', async () => {
    const received = new Promise<string>((resolve) => {
      void db.listen('memctx_test', resolve).then(() => db.query("SELECT pg_notify('memctx_test', 'hello')"));
    });
    await expect(received).resolves.toBe('hello');
  });
});
