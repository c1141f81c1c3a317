import { createHash } from 'node:crypto';
import { migrate, type Db } from '@memctx/db';
import { LRUCache } from 'lru-cache';
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

// Query vectors kept in the process: 1,536 bytes each, so the default is about 3 MB.
const RECENT_QUERIES = 2_000;

/**
 * The embedder behind a PostgreSQL cache keyed by (model, SHA-256 of the text):
 * replays, rebuilds and re-ingested documents never run the model twice for the
 * same text. A batch is one lookup; only the misses (deduplicated) reach the model.
 * Queries, on the SIP's hot path, are also kept in memory (a repeat costs no round
 * trip) and do not wait for their cache row to commit.
 */
export function createCachedEmbedder(embedder: Embedder, db: Db, options: { recentQueries?: number } = {}): Embedder & { stats: CacheStats } {
  const stats: CacheStats = { hits: 0, misses: 0 };
  const recentQueries = new LRUCache<string, Float32Array>({ max: options.recentQueries ?? RECENT_QUERIES });

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
      const stored = db.query(
        `INSERT INTO embedding_cache (model, text_hash, embedding)
         SELECT $1, decode(h, 'hex'), e::vector FROM unnest($2::text[], $3::text[]) AS u(h, e)
         ON CONFLICT DO NOTHING`,
        [embedder.model, keys, vectors.map(toLiteral)],
      );
      // A query waits for its vector, not for the cache's commit: a lost cache row only costs one more forward pass.
      if (kind === 'document') await stored;
      else stored.catch(() => undefined);
    }
    return hashes.map((hash) => found.get(hash.toString('hex'))!);
  }

  return {
    model: embedder.model,
    dimensions: embedder.dimensions,
    stats,
    embedDocuments: (texts) => (texts.length === 0 ? Promise.resolve([]) : embed('document', texts, (missing) => embedder.embedDocuments(missing))),
    // Queries are cached too: assistants ask the same thing again and again.
    async embedQuery(text) {
      const recent = recentQueries.get(text);
      if (recent) {
        stats.hits++;
        return recent;
      }
      const [vector] = await embed('query', [text], async ([q]) => [await embedder.embedQuery(q!)]);
      recentQueries.set(text, vector!);
      return vector!;
    },
    close: () => embedder.close(),
  };
}
