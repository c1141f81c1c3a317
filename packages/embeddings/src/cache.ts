import { createHash } from 'node:crypto';
import { migrate, type Db } from '@memctx/db';
import pgvector from 'pgvector';
import type { Embedder } from './embedder.js';

export async function migrateEmbeddingCache(db: Db): Promise<void> {
  await migrate(db, 'embeddings', [
    {
      id: '0001_embedding_cache',
      sql: `CREATE TABLE embedding_cache (
        model text NOT NULL,
        text_hash bytea NOT NULL,
        embedding vector NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (model, text_hash)
      )`,
    },
  ]);
}

const hashOf = (kind: 'document' | 'query', text: string) => createHash('sha256').update(`${kind}\u0000${text}`).digest();
// pgvector's own text format, both ways (its toSql takes plain arrays, not Float32Array).
const toLiteral = (vector: Float32Array) => pgvector.toSql(Array.from(vector)) as string;
const fromLiteral = (text: string): Float32Array => Float32Array.from(pgvector.fromSql(text) as number[]);

export interface CacheStats {
  hits: number;
  misses: number;
}

/**
 * The embedder behind a PostgreSQL cache keyed by (model, SHA-256 of the text):
 * replays, rebuilds and re-ingested documents never run the model twice for the
 * same text. A batch is one lookup; only the misses (deduplicated) reach the model.
 */
export function createCachedEmbedder(embedder: Embedder, db: Db): Embedder & { stats: CacheStats } {
  const stats: CacheStats = { hits: 0, misses: 0 };

  async function embed(kind: 'document' | 'query', texts: string[], compute: (texts: string[]) => Promise<Float32Array[]>): Promise<Float32Array[]> {
    const hashes = texts.map((text) => hashOf(kind, text));
    const { rows } = await db.query<{ text_hash: Buffer; embedding: string }>(
      'SELECT text_hash, embedding::text AS embedding FROM embedding_cache WHERE model = $1 AND text_hash = ANY($2::bytea[])',
      [embedder.model, hashes],
    );
    const found = new Map<string, Float32Array>(rows.map((row) => [Buffer.from(row.text_hash).toString('hex'), fromLiteral(row.embedding)]));
    const missing = new Map<string, string>();
    hashes.forEach((hash, i) => {
      const key = hash.toString('hex');
      if (!found.has(key)) missing.set(key, texts[i]!);
    });
    stats.hits += texts.length - missing.size;
    stats.misses += missing.size;
    if (missing.size > 0) {
      const keys = [...missing.keys()];
      const vectors = await compute([...missing.values()]);
      keys.forEach((key, i) => found.set(key, vectors[i]!));
      await db.query(
        `INSERT INTO embedding_cache (model, text_hash, embedding)
         SELECT $1, decode(h, 'hex'), e::vector FROM unnest($2::text[], $3::text[]) AS u(h, e)
         ON CONFLICT DO NOTHING`,
        [embedder.model, keys, vectors.map(toLiteral)],
      );
    }
    return hashes.map((hash) => found.get(hash.toString('hex'))!);
  }

  return {
    model: embedder.model,
    dimensions: embedder.dimensions,
    stats,
    embedDocuments: (texts) => (texts.length === 0 ? Promise.resolve([]) : embed('document', texts, (missing) => embedder.embedDocuments(missing))),
    // Queries are cached too: assistants ask the same thing again and again.
    embedQuery: async (text) => (await embed('query', [text], async ([q]) => [await embedder.embedQuery(q!)]))[0]!,
    close: () => embedder.close(),
  };
}
