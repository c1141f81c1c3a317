import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';
import fc from 'fast-check';
import { asColumns, createPgliteDb, createPostgresDb, migrate, type Db } from '@memctx/db';

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

  it('reads rows sent as one array per column back exactly (nulls, quotes, braces, the word NULL, any text)', async () => {
    const columns = { name: 'text', n: 'bigint', flag: 'boolean', at: 'timestamptz' } as const;
    type Row = { name: string | null; n: number; flag: boolean | null; at: string };
    const read = async (rows: Row[]) => {
      const input = asColumns(rows, columns);
      const result = await db.query<{ name: string | null; n: number; flag: boolean | null; at: Date }>(
        `SELECT name, n, flag, at FROM ${input.from}`, input.params,
      );
      return result.rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    };
    const at = '2026-11-25T10:00:00.000Z';
    const tricky = ['', 'NULL', 'null', '"quoted"', 'back\\slash', '{a,b}', 'comma, here', ' spaced ', 'line\nbreak', 'é😀'];
    const rows: Row[] = tricky.map((name, i) => ({ name, n: i, flag: i % 2 === 0, at }));
    rows.push({ name: null, n: 99, flag: null, at });
    expect(await read(rows)).toEqual(rows);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\u0000')), { maxLength: 20 }), async (names) => {
        const sent = names.map((name, n) => ({ name, n, flag: true, at }));
        expect(await read(sent)).toEqual(sent);
      }),
      { numRuns: 50 },
    );
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

  it('runs a prepared statement again after the view it reads is dropped and made anew over another table (a switch-over)', async () => {
    await db.exec(`CREATE TABLE gen_a (n int); CREATE TABLE gen_b (n int); INSERT INTO gen_a VALUES (1); INSERT INTO gen_b VALUES (2);
      CREATE VIEW current_gen AS SELECT * FROM gen_a;`);
    const read = async () => (await db.query<{ n: number }>('SELECT n FROM current_gen WHERE n > $1', [0], { prepare: true })).rows.map((r) => r.n);
    // More runs than PostgreSQL makes custom plans for, so a generic plan is cached before the switch.
    for (let i = 0; i < 7; i++) expect(await read()).toEqual([1]);
    await db.exec('DROP VIEW current_gen; CREATE VIEW current_gen AS SELECT * FROM gen_b;');
    expect(await read()).toEqual([2]);
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
