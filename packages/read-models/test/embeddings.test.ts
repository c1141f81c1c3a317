import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { activeGeneration } from '@memctx/projections';
import { adoptEmbeddingModel, embeddingBacklog, fillEmbeddings, type DocumentEmbedder } from '@memctx/read-models';
import { backends, recordingEmbedder, TEST_EMBEDDING_MODEL, type Harness } from './harness.js';

describe.each(backends)('embedding filler on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
    const service = createMemoryService({ store: h.store, sessionRetentionMs: 3_600_000 });
    for (let i = 0; i < 20; i++) {
      await service.ingestRound('emma', { session_id: 's', user_message: `question ${i}`, assistant_message: i % 2 === 0 ? `answer ${i}` : '' });
    }
    await h.catchUp();
  });
  afterAll(() => h.close());

  it('fills the newest records first, the user side and the reply, and reports the backlog', async () => {
    expect(await embeddingBacklog(h.db)).toBe(20);
    const { embedder, asked } = recordingEmbedder(0);
    expect(await fillEmbeddings(h.db, embedder, { batchSize: 4 })).toBe(4);
    expect(asked).toEqual(['question 19', 'question 18', 'question 17', 'question 16', 'answer 18', 'answer 16']);
    expect(await embeddingBacklog(h.db)).toBe(16);
    const { rows } = await h.db.query<{ embed_text: string; has_reply: boolean }>(
      `SELECT user_text AS embed_text, reply_embedding IS NOT NULL AS has_reply FROM memory_records WHERE embedding IS NOT NULL ORDER BY user_text`,
    );
    expect(rows).toEqual([
      { embed_text: 'question 16', has_reply: true }, { embed_text: 'question 17', has_reply: false },
      { embed_text: 'question 18', has_reply: true }, { embed_text: 'question 19', has_reply: false },
    ]);
  });

  it('lets two fillers share the backlog without embedding a record twice', async () => {
    const { embedder, asked } = recordingEmbedder(30);
    const fill = async () => {
      let total = 0;
      for (let n; (n = await fillEmbeddings(h.db, embedder, { batchSize: 3, replies: false })) > 0;) total += n;
      return total;
    };
    const [a, b] = await Promise.all([fill(), fill()]);
    expect(a + b).toBe(16);
    expect(new Set(asked).size).toBe(asked.length);
    expect(await embeddingBacklog(h.db)).toBe(0);
  });

  it('embeds every record again after a change of model, and a filler of another model writes nothing', async () => {
    expect(await embeddingBacklog(h.db)).toBe(0);
    expect(await adoptEmbeddingModel(h.db, 'another-model')).toEqual({ previous: TEST_EMBEDDING_MODEL, cleared: 20 });
    expect(await embeddingBacklog(h.db)).toBe(20);
    expect(await fillEmbeddings(h.db, recordingEmbedder(0).embedder)).toBe(0);
    // A filler whose model is replaced while it embeds: its batch is not written, and its claims do not hold the rows.
    const inFlight = fillEmbeddings(h.db, recordingEmbedder(300, 'another-model').embedder, { batchSize: 5 });
    await new Promise((r) => setTimeout(r, 100));
    expect(await adoptEmbeddingModel(h.db, TEST_EMBEDDING_MODEL)).toEqual({ previous: 'another-model', cleared: 0 });
    await inFlight;
    expect(await embeddingBacklog(h.db)).toBe(20);
    expect(await fillEmbeddings(h.db, recordingEmbedder(0).embedder, { batchSize: 64 })).toBe(20);
    expect(await embeddingBacklog(h.db)).toBe(0);
    expect(await adoptEmbeddingModel(h.db, TEST_EMBEDDING_MODEL)).toEqual({ previous: TEST_EMBEDDING_MODEL, cleared: 0 });
  });

  it('takes vectors stored before the model was recorded for the default of that time', async () => {
    await h.db.query('DELETE FROM embedding_space');
    expect(await adoptEmbeddingModel(h.db, 'BAAI/bge-small-en-v1.5')).toEqual({ previous: 'BAAI/bge-small-en-v1.5', cleared: 0 });
    expect(await embeddingBacklog(h.db)).toBe(0);
    expect(await adoptEmbeddingModel(h.db, TEST_EMBEDDING_MODEL)).toEqual({ previous: 'BAAI/bge-small-en-v1.5', cleared: 20 });
  });

  it('leases records without writing them: a crashed filler\'s lease runs out, and a filled record\'s is released', async () => {
    expect(await embeddingBacklog(h.db)).toBe(20);
    const { schemaName } = (await activeGeneration(h.db, 'memory_records'))!;
    // Each row version's transaction id: a lease written on the record would give it a new one.
    const versions = async () => (await h.db.query<{ v: string }>(`SELECT xmin::text AS v FROM ${schemaName}.memory_records ORDER BY record_id`)).rows;
    const before = await versions();
    const crashing: DocumentEmbedder = { model: TEST_EMBEDDING_MODEL, embedDocuments: () => Promise.reject(new Error('model crashed')) };
    await expect(fillEmbeddings(h.db, crashing, { batchSize: 8 })).rejects.toThrow('model crashed');
    expect(await versions()).toEqual(before);
    const { embedder } = recordingEmbedder(0);
    expect(await fillEmbeddings(h.db, embedder, { batchSize: 64 })).toBe(12);
    expect(await fillEmbeddings(h.db, embedder, { batchSize: 64 })).toBe(0);
    await h.db.query("UPDATE embedding_claims SET until = now() - interval '1 second'");
    expect(await fillEmbeddings(h.db, embedder, { batchSize: 64 })).toBe(8);
    expect(await embeddingBacklog(h.db)).toBe(0);
    expect((await h.db.query('SELECT * FROM embedding_claims')).rows).toEqual([]);
  });

  it("sweeps the lease a crashed filler held on a record purged meanwhile: the user's ids do not outlive the purge", async () => {
    const purging = createMemoryService({ store: h.store, sessionRetentionMs: 0 });
    await purging.ingestRound('emma', { session_id: 'gone', user_message: 'soon purged', assistant_message: '' });
    await h.catchUp();
    const crashing: DocumentEmbedder = { model: TEST_EMBEDDING_MODEL, embedDocuments: () => Promise.reject(new Error('model crashed')) };
    await expect(fillEmbeddings(h.db, crashing)).rejects.toThrow('model crashed');
    const leases = async () => (await h.db.query<{ user_id: string }>('SELECT user_id FROM embedding_claims')).rows;
    expect(await leases()).toEqual([{ user_id: 'emma' }]);
    await purging.deleteSession('emma', 'gone');
    expect(await purging.purgeSession('emma', 'gone')).toBe(true);
    await h.catchUp();
    expect(await embeddingBacklog(h.db)).toBe(0);
    // Still leased: a filler may yet write it (and release it) until the lease runs out.
    expect(await fillEmbeddings(h.db, recordingEmbedder(0).embedder)).toBe(0);
    expect(await leases()).toHaveLength(1);
    await h.db.query("UPDATE embedding_claims SET until = now() - interval '1 second'");
    expect(await fillEmbeddings(h.db, recordingEmbedder(0).embedder)).toBe(0);
    expect(await leases()).toEqual([]);
  });
});
