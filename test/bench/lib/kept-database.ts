/**
 * The probes' service: the compiled API on a PostgreSQL database kept between runs, so a benchmark's data is
 * posted once (`fresh`: the database is made anew first) and asked again as the code changes.
 */
import { createPostgresDb } from '@memctx/db';
import { requireBuild, startService, type Service } from './processes.js';

const serverUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function startOnKeptDatabase(
  name: string,
  options: { fresh: boolean; adminToken: string; port: string; nodeArgs?: string[] },
): Promise<Service> {
  requireBuild();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (options.fresh) {
    const admin = createPostgresDb({ connectionString: serverUrl, maxConnections: 1 });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.close();
  }
  return startService({
    MEMCTX_ADMIN_TOKEN: options.adminToken, MEMCTX_DAILY_INGEST_QUOTA: '1000000000', PORT: options.port, MEMCTX_DATABASE_URL: url.toString(),
  }, options.nodeArgs);
}
