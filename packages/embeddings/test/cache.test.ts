import { createPgliteDb, createPostgresDb, ensureVectorExtension, type Db } from '@memctx/db';
import { databaseBackends } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCachedEmbedder, createTransformersEmbedder, migrateEmbeddingCache, type Embedder } from '../src/index.js';
import { MODELS_DIR } from './model.js';

/** Counts what reaches the real model, so the cache's effect is measured, not assumed. */
function counting(embedder: Embedder) {
  const calls = { documents: 0, queries: 0 };
  const wrapped: Embedder = {
    ...embedder,
    embedDocuments: async (texts) => {
      calls.documents += texts.length;
      return embedder.embedDocuments(texts);
    },
    embedQuery: async (text) => {
      calls.queries++;
      return embedder.embedQuery(text);
    },
  };
  return { wrapped, calls };
}

const backends = databaseBackends<Db>('emb', { pglite: createPgliteDb, postgres: (url) => createPostgresDb({ connectionString: url }) });

describe.each(backends)('embedding cache on %s', (_name, open) => {
  let model: Embedder;
  let handle: { db: Db; close(): Promise<void> };
  beforeAll(async () => {
    model = await createTransformersEmbedder({ modelsDir: MODELS_DIR });
    handle = await open();
    await ensureVectorExtension(handle.db);
    await migrateEmbeddingCache(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await model.close();
  });

  it('runs the model once per distinct text, and never again for cached texts', async () => {
    const { wrapped, calls } = counting(model);
    const cached = createCachedEmbedder(wrapped, handle.db);
    const first = await cached.embedDocuments(['alpha fact', 'beta fact', 'alpha fact']);
    expect(calls.documents).toBe(2);
    expect(first[0]).toEqual(first[2]);
    const again = await cached.embedDocuments(['beta fact', 'alpha fact']);
    expect(calls.documents).toBe(2);
    // Through pgvector's text form and back, the very float32 values the model gave.
    expect(Array.from(again[1]!)).toEqual(Array.from(first[0]!));
    // A fresh cached embedder over the same table (a rebuild, another process) still hits.
    const { wrapped: other, calls: otherCalls } = counting(model);
    await createCachedEmbedder(other, handle.db).embedDocuments(['alpha fact', 'gamma fact']);
    expect(otherCalls.documents).toBe(1);
  });

  it('caches queries apart from documents (a model with a query instruction embeds them differently)', async () => {
    const { wrapped, calls } = counting(model);
    const cached = createCachedEmbedder(wrapped, handle.db);
    const q1 = await cached.embedQuery('alpha query fact');
    const q2 = await cached.embedQuery('alpha query fact');
    expect(calls.queries).toBe(1);
    expect(Array.from(q2)).toEqual(Array.from(q1).map((x) => expect.closeTo(x, 6)));
    // The query's cached vector does not answer for the document of the same text: the model is asked.
    await cached.embedDocuments(['alpha query fact']);
    expect(calls.documents).toBe(1);
  });

  it("keeps a query's vector in memory and shares it through the table with other processes", async () => {
    const { wrapped, calls } = counting(model);
    const cached = createCachedEmbedder(wrapped, handle.db, { recentQueries: 1 });
    await cached.embedQuery('beta question');
    await cached.embedQuery('beta question');
    expect(calls.queries).toBe(1);
    // Its cache row is written without making the query wait; another process finds it once committed.
    await expect.poll(async () => {
      const { wrapped: other, calls: otherCalls } = counting(model);
      await createCachedEmbedder(other, handle.db).embedQuery('beta question');
      return otherCalls.queries;
    }).toBe(0);
  });
});
