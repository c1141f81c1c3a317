import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { EMBEDDING_DIMENSIONS, fillEmbeddings, neighbours } from '@memctx/read-models';
import { backends, recordingEmbedder, type Harness } from './harness.js';

const axis = (i: number) => Array.from({ length: EMBEDDING_DIMENSIONS }, (_, d) => (d === i ? 1 : 0));

describe.each(backends)('session neighbours read beside a contrast on %s', (_name, open) => {
  let h: Harness;
  let first: string;
  let second: string;
  beforeAll(async () => {
    h = await open();
    const service = createMemoryService({ store: h.store, sessionRetentionMs: 3_600_000 });
    first = (await service.ingestRound('rita', { session_id: 's', user_message: 'ugh, mondays', assistant_message: 'Coffee first.' })).roundId;
    second = (await service.ingestRound('rita', { session_id: 's', user_message: 'My sister Ana lives in Porto.', assistant_message: 'Noted!' })).roundId;
    await h.catchUp();
    await fillEmbeddings(h.db, recordingEmbedder(0).embedder, { batchSize: 8 });
  });
  afterAll(() => h.close());

  it("reads a neighbour's similarity to the contrast, and none without one", async () => {
    const { rows: [row] } = await h.db.query<{ embedding: string }>('SELECT embedding::text AS embedding FROM memory_records WHERE record_id = $1', [first]);
    const own = JSON.parse(row!.embedding) as number[];
    const other = axis(own.indexOf(1) === 0 ? 1 : 0);
    const scope = { userId: 'rita', projectId: null, includeGlobal: false };
    const [judged] = (await neighbours(h.db, scope, [second], other, own)).get(second)!;
    expect(judged!.record_id).toBe(first);
    expect(judged!.contrast_similarity).toBeCloseTo(1);
    expect(judged!.user_similarity).toBeCloseTo(0);
    const [unjudged] = (await neighbours(h.db, scope, [second], other)).get(second)!;
    expect(unjudged!.contrast_similarity).toBeNull();
  });
});
