import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { activeGeneration, rebuildProjection } from '@memctx/projections';
import { memoryRecordsProjection, userBucket, VECTOR_BUCKETS } from '@memctx/read-models';
import { backends, type Harness } from './harness.js';

const indexesOf = async (h: Harness, schema: string) =>
  (await h.db.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname', [schema])).rows.map(
    (row) => row.indexname,
  );

describe.each(backends)('a rebuild builds secondary indexes after its bulk load on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
    const service = createMemoryService({ store: h.store, sessionRetentionMs: 3_600_000 });
    for (let r = 0; r < 30; r++) await service.ingestRound('u1', { session_id: `s${r % 3}`, user_message: `question ${r}`, assistant_message: `answer ${r}` });
    await h.catchUp();
  });
  afterAll(() => h.close());

  it('loads without them, creates them before the switch-over, and the live generation has them too', async () => {
    const live = await activeGeneration(h.db, 'memory_records');
    const all = await indexesOf(h, live!.schemaName);
    expect(all).toContain(`memory_records_embedding_${userBucket('u1')}`);
    expect(all).toContain('memory_records_lexemes');

    const seen: Array<{ phase: string; indexes: string[] }> = [];
    await rebuildProjection(h.db, h.store, memoryRecordsProjection, {
      batchSize: 10,
      onProgress: async (p) => {
        if (p.phase === 'done') return;
        seen.push({ phase: p.phase, indexes: await indexesOf(h, `rm_memory_records_g${p.generation}`) });
      },
    });
    const replaying = seen.filter((s) => s.phase === 'replaying');
    expect(replaying.length).toBeGreaterThan(2);
    // While loading: the tables' keys, the indexes the handlers look rows up by, and the vector indexes (rows arrive
    // without vectors, so they cost nothing then); none of the readers' other ones.
    const vectorIndexes = all.filter((name) => /embedding_\d+$/.test(name));
    expect(vectorIndexes).toHaveLength(2 * VECTOR_BUCKETS);
    expect(replaying[0]!.indexes.filter((name) => !vectorIndexes.includes(name)))
      .toEqual(['memory_records_pkey', 'memory_records_session', 'memory_records_source', 'memory_token_totals_pkey']);
    expect(replaying[0]!.indexes).toEqual(expect.arrayContaining(vectorIndexes));
    expect(seen.findLast((s) => s.phase === 'switching')!.indexes).toEqual(all);
    const rebuilt = await activeGeneration(h.db, 'memory_records');
    expect(rebuilt!.generation).toBeGreaterThan(live!.generation);
    expect(await indexesOf(h, rebuilt!.schemaName)).toEqual(all);
  });
});
