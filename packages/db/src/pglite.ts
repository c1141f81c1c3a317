import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { Db, Queryable, QueryResult } from './types.js';
import { integerParsers } from './type-parsers.js';

export interface PgliteDbOptions {
  /** A directory for durable data; omit for an in-memory database. */
  dataDir?: string;
}

/**
 * PGlite has one connection. A query issued while another caller's transaction is
 * open would silently join that transaction, so every statement and every
 * transaction takes the same lock.
 */
function createLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function createPgliteDb(options: PgliteDbOptions = {}): Promise<Db> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { vector },
    parsers: integerParsers,
  });
  await pglite.exec('CREATE EXTENSION IF NOT EXISTS vector');
  const exclusive = createLock();

  const run = async <R>(target: Pick<PGlite, 'query'>, text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
    const result = await target.query<R>(text, params as unknown[] | undefined);
    // PGlite reports 0 affected rows for a SELECT; pg reports the rows returned.
    return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
  };

  return {
    dialect: 'pglite',
    supportsConcurrentTransactions: false,
    query: (text, params) => exclusive(() => run(pglite, text, params)),
    exec: (sql) => exclusive(async () => void (await pglite.exec(sql))),
    transaction: (fn) =>
      exclusive(() =>
        pglite.transaction(async (tx) => {
          const scoped: Queryable = {
            query: (text, params) => run(tx, text, params),
            exec: async (sql) => void (await tx.exec(sql)),
          };
          return fn(scoped);
        }),
      ),
    async connect() {
      throw new Error('PGlite has a single connection: dedicated connections are not supported');
    },
    async listen(channel, onNotify) {
      const unsubscribe = await pglite.listen(channel, onNotify);
      return async () => unsubscribe();
    },
    close: () => pglite.close(),
  };
}
