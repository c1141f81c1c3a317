import { describe, expect, it } from 'vitest';
import { createPgliteDb, ensureVectorExtension } from '@memctx/db';
import { createMemoryService } from '@memctx/commands';
import { createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { catchUp, ensureActiveGeneration, migrateGenerations, rebuildProjection } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';

describe('rebuild on PGlite (one connection)', () => {
  it('rebuilds every projection to the rows the live generation has', async () => {
    const db = await createPgliteDb();
    try {
      await ensureVectorExtension(db);
      await migrateEventStore(db);
      await migrateGenerations(db);
      for (const projection of allProjections) await ensureActiveGeneration(db, projection);
      const store = createPostgresEventStore(db);
      const service = createMemoryService({ store, sessionRetentionMs: 3_600_000 });
      for (let r = 0; r < 12; r++) {
        await service.ingestRound(`u${r % 3}`, { session_id: `s${r % 4}`, user_message: `question ${r}`, assistant_message: `answer ${r}` });
      }
      await service.deleteSession('u1', 's1');
      await catchUp(db, store, allProjections);
      const rows = async () => ({
        messages: (await db.query('SELECT * FROM session_messages ORDER BY user_id, session_id, seq')).rows,
        records: (await db.query('SELECT * FROM memory_records ORDER BY user_id, record_id')).rows,
      });
      const live = await rows();
      expect(live.records).toHaveLength(12);
      for (const projection of allProjections) await rebuildProjection(db, store, projection, { batchSize: 5, lanes: 4 });
      expect(await rows()).toEqual(live);
    } finally {
      await db.close();
    }
  });
});
