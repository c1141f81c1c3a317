import type { Db } from '@memctx/db';
import { activeGeneration } from '@memctx/projections';
import { LRUCache } from 'lru-cache';

/*
 * Which version of memory_records answers reads. After an upgrade the old
 * generation keeps answering until `memctx projections rebuild memory_records`
 * replaces it, so statements that need a newer version's columns or indexes
 * ask this first and fall back to what the old one has. Read at most every few
 * seconds per process: a stale answer after a switch-over costs those seconds
 * the older statement, never an error, since a newer generation answers it too.
 */
const activeVersions = new LRUCache<Db, number>({
  max: 16,
  ttl: 5_000,
  // Stale answers are served while the next one is fetched; a failed fetch is not remembered.
  allowStale: true,
  fetchMethod: async (db) => (await activeGeneration(db, 'memory_records'))?.version ?? 0,
});

export async function memoryRecordsVersion(db: Db): Promise<number> {
  return (await activeVersions.fetch(db)) ?? 0;
}
