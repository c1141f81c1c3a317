import type { Db } from '@memctx/db';

export interface BenchEmbedder {
  model: string;
  embedQuery(text: string): Promise<ArrayLike<number>>;
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

/** The service's cached embedder, unless MEMCTX_EMBEDDINGS=off. */
export async function openBenchEmbedder(db: Db): Promise<BenchEmbedder | undefined> {
  if (['off', 'false', '0'].includes((process.env.MEMCTX_EMBEDDINGS ?? 'on').toLowerCase())) return undefined;
  void db;
  throw new Error('embeddings are not wired into the benchmarks yet: run with MEMCTX_EMBEDDINGS=off');
}
