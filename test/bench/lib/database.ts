import { createPostgresDb } from '@memctx/db';

export interface BenchDatabase {
  url: string;
  /** False when a kept database of that name was there already (its data is from an earlier run). */
  created: boolean;
  drop(): Promise<void>;
}

/**
 * A database of its own, so the run measures empty tables and leaves nothing behind.
 * With `keep`, the database has that fixed name, is reused when it exists and is not dropped:
 * a large seed (a million records) is then paid once across runs.
 */
export async function createBenchDatabase(serverUrl: string, keep?: string): Promise<BenchDatabase> {
  const name = keep ?? `memctx_bench_${process.pid}_${Date.now().toString(36)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = createPostgresDb({ connectionString: serverUrl, maxConnections: 1 });
  let created = true;
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (keep && rows.length > 0) created = false;
    else await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    created,
    async drop() {
      if (keep) return;
      const again = createPostgresDb({ connectionString: serverUrl, maxConnections: 1 });
      try {
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
}
