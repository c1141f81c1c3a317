import { createTestDatabase } from './services.js';

/** A database a suite opened, and how to close it (and drop it, on PostgreSQL). */
export interface OpenedDatabase<D> {
  db: D;
  close(): Promise<void>;
}

/**
 * The two databases a suite runs on, for `describe.each`: PGlite (the embedded default) and a fresh PostgreSQL
 * database. The caller passes how to open each: this package does not depend on @memctx/db, whose own tests use it.
 */
export function databaseBackends<D extends { close(): Promise<void> }>(
  prefix: string,
  open: { pglite: () => Promise<D>; postgres: (url: string) => D },
): [string, () => Promise<OpenedDatabase<D>>][] {
  return [
    ['PGlite', async () => {
      const db = await open.pglite();
      return { db, close: () => db.close() };
    }],
    ['PostgreSQL', async () => {
      const database = await createTestDatabase(prefix);
      const db = open.postgres(database.url);
      return { db, close: async () => (await db.close(), await database.drop()) };
    }],
  ];
}
