import type { Db } from '@memctx/db';
import { createCachedEmbedder, createTransformersEmbedder, migrateEmbeddingCache, type Embedder } from '@memctx/embeddings';
import { resolve } from 'node:path';

/** The service's cached embedder on the bench database, unless MEMCTX_EMBEDDINGS=off. */
export async function openBenchEmbedder(db: Db): Promise<Embedder | undefined> {
  if (['off', 'false', '0'].includes((process.env.MEMCTX_EMBEDDINGS ?? 'on').toLowerCase())) return undefined;
  await migrateEmbeddingCache(db);
  const modelsDir = resolve(import.meta.dirname, '../../..', process.env.MEMCTX_MODELS_DIR ?? 'models');
  return createCachedEmbedder(await createTransformersEmbedder({ modelsDir }), db);
}
