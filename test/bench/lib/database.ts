import { createPostgresDb } from '@memctx/db';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database of its own, so the run measures empty tables and leaves nothing behind. */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `memctx_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = createPostgresDb({ connectionString: serverUrl, maxConnections: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = createPostgresDb({ connectionString: serverUrl, maxConnections: 1 });
      try {
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
}
