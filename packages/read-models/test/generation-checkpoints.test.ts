import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { activeGeneration, createGeneration, discardGeneration, listGenerations, rebuildProjection } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { backends, type Harness } from './harness.js';

const sessions = allProjections.find((p) => p.name === 'sessions')!;

describe.each(backends)('checkpoints of a generation that will not run again (%s)', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(() => h?.close());

  const savePartition = (schemaName: string, partition: string) =>
    h.db.query(`INSERT INTO processor_checkpoints (processor, partition, transaction_id, global_position) VALUES ($1, $2, 1, 1)`, [schemaName, partition]);
  const partitions = async (schemaName: string) =>
    (await h.db.query<{ partition: string }>('SELECT partition FROM processor_checkpoints WHERE processor = $1 ORDER BY partition', [schemaName])).rows
      .map((row) => row.partition);

  it('go with it when a switch-over retires it or a failed rebuild drops it', async () => {
    const service = createMemoryService({ store: h.store, sessionRetentionMs: 3_600_000 });
    for (let r = 0; r < 4; r++) await service.ingestRound(`u${r % 2}`, { session_id: `s${r}`, user_message: `question ${r}`, assistant_message: '' });
    await h.catchUp();
    const previous = (await activeGeneration(h.db, 'sessions'))!;
    // A Kafka-fed projector keeps one per user beside the whole feed's.
    await savePartition(previous.schemaName, 'u0');
    expect(await partitions(previous.schemaName)).toEqual(['', 'u0']);

    const result = await rebuildProjection(h.db, h.store, sessions);
    const next = (await activeGeneration(h.db, 'sessions'))!;
    expect(result.to).toBe(next.generation);
    expect((await listGenerations(h.db, 'sessions')).find((g) => g.generation === previous.generation)?.status).toBe('retired');
    expect(await partitions(previous.schemaName)).toEqual([]);
    expect(await partitions(next.schemaName)).toEqual(['']);

    const abandoned = await createGeneration(h.db, sessions, 'building');
    await savePartition(abandoned.schemaName, '');
    expect(await discardGeneration(h.db, 'sessions', abandoned.generation)).toBe(true);
    expect(await partitions(abandoned.schemaName)).toEqual([]);
  });
});
