import type { Db } from './types.js';

export interface Migration {
  /** Sortable and never renamed once released, e.g. "0001_events". */
  id: string;
  sql: string;
}

/**
 * Applies pending migrations of one component in order, each in its own
 * transaction. An advisory lock keyed by the component makes concurrent
 * starters (several API replicas) wait instead of racing.
 */
export async function migrate(db: Db, component: string, migrations: readonly Migration[]): Promise<string[]> {
  // CREATE TABLE IF NOT EXISTS is not safe against a concurrent creator, so it takes a lock too.
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('memctx:migrate'))");
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      component text NOT NULL,
      id text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (component, id)
    )`);
  });
  const applied: string[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`memctx:migrate:${component}`]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE component = $1 AND id = $2', [component, migration.id]);
      if (done.rowCount > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (component, id) VALUES ($1, $2)', [component, migration.id]);
      return true;
    });
    if (didApply) applied.push(migration.id);
  }
  return applied;
}

/**
 * Read models keep embeddings in pgvector columns. Creating the extension here means a
 * fresh database needs no manual step; it is serialized like migrations because two
 * concurrent CREATE EXTENSION IF NOT EXISTS can both try to insert it.
 */
export async function ensureVectorExtension(db: Db): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('memctx:migrate'))");
      await tx.query('CREATE EXTENSION IF NOT EXISTS vector');
    });
  } catch (error) {
    throw new Error(
      'the PostgreSQL server cannot provide the pgvector extension ("vector"): install pgvector on the server ' +
        '(infra/scripts/ensure-postgres.sh does so on Debian) or have a superuser run CREATE EXTENSION vector in this database. ' +
        `PostgreSQL said: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
