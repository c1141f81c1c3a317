import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { EMBEDDING_DIMENSIONS, embeddingBacklog, fillEmbeddings, type DocumentEmbedder } from '@memctx/read-models';
import { backends, type Harness } from './harness.js';

/** A stand-in for the model (the table and the claims are real): a vector per text, slowly, noting what it was asked. */
function recordingEmbedder(delayMs: number) {
  const asked: string[] = [];
  const embedder: DocumentEmbedder = {
    async embedDocuments(texts) {
      asked.push(...texts);
      await new Promise((r) => setTimeout(r, delayMs));
      return texts.map((_, i) => Float32Array.from({ length: EMBEDDING_DIMENSIONS }, (_, d) => (d === i % EMBEDDING_DIMENSIONS ? 1 : 0)));
    },
  };
  return { embedder, asked };
}

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
      `SELECT embed_text, reply_embedding IS NOT NULL AS has_reply FROM memory_records WHERE embedding IS NOT NULL ORDER BY embed_text`,
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
});
