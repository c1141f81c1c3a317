import type { Db } from './types.js';
import { createPostgresDb } from './postgres.js';
import { createPgliteDb } from './pglite.js';

export type DbLocation =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | { kind: 'pglite'; dataDir?: string };

export function openDb(location: DbLocation): Promise<Db> {
  if (location.kind === 'postgres') {
    return Promise.resolve(createPostgresDb({ connectionString: location.url, maxConnections: location.maxConnections }));
  }
  return createPgliteDb({ dataDir: location.dataDir });
}
