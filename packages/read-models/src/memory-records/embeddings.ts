import type { Db } from '@memctx/db';
import { inSpan, runProcessorLoop } from '@memctx/shared';
import pgvector from 'pgvector';
import { isRecordedModel } from './embedding-space.js';
import { recordTexts } from './texts.js';

/** What the filler needs of an embedder (the service passes the cached one from @memctx/embeddings). */
export interface DocumentEmbedder {
  /** The model's id: the filler fills only while it is the one memory_records' vectors come from (./embedding-space.ts). */
  readonly model: string;
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
}

/** pgvector's text form of a vector, as a query parameter; pgvector.toSql takes plain arrays, not Float32Array. */
export const toVectorLiteral = (vector: ArrayLike<number>): string => pgvector.toSql(Array.from(vector)) as string;

export interface FillOptions {
  batchSize?: number;
  /** Also embed a round's reply (its assistant side → `reply_embedding`); off halves the work and finds replies by full text only. */
  replies?: boolean;
}

// How long a filler may hold records it claimed (embedding_claims); past it (a crashed filler) another takes them.
const CLAIM_SECONDS = 120;

/**
 * Embeds one batch of records that have no embedding yet, newest first (a
 * client asks about what it just said), and returns how many it filled. The
 * batch is claimed with a short lease first, so fillers in several processes
 * split the backlog instead of embedding the same records. It works from the
 * table, not the feed, so it is idempotent and survives rebuilds: after a
 * replay the new rows are filled again from the embedding cache without
 * running the model.
 */
export async function fillEmbeddings(db: Db, embedder: DocumentEmbedder, options: FillOptions = {}): Promise<number> {
  const claimedFrom = Date.now();
  const texts = await recordTexts(db);
  // Two fillers that pick the same records: the second's insert waits for the first's and then takes none of them.
  // A lease outlives its record only when a filler died holding it and the record was purged meanwhile: such leases
  // (a user's id and a record's, nothing else) are swept here, disjoint from the rows the insert may take.
  const { rows } = await db.query<ClaimedRow>(
    `WITH swept AS (
       DELETE FROM embedding_claims c WHERE c.until < now()
         AND NOT EXISTS (SELECT 1 FROM memory_records m WHERE m.user_id = c.user_id AND m.record_id = c.record_id)
     ), candidates AS (
       SELECT m.user_id, m.record_id FROM memory_records m
       WHERE m.embedding IS NULL AND ${isRecordedModel('$2')}
         AND NOT EXISTS (SELECT 1 FROM embedding_claims c WHERE c.user_id = m.user_id AND c.record_id = m.record_id AND c.until >= now())
       ORDER BY m.global_position DESC LIMIT $1
     ), claimed AS (
       INSERT INTO embedding_claims (user_id, record_id, until)
       SELECT user_id, record_id, now() + interval '${CLAIM_SECONDS} seconds' FROM candidates
       ON CONFLICT (user_id, record_id) DO UPDATE SET until = EXCLUDED.until WHERE embedding_claims.until < now()
       RETURNING user_id, record_id
     )
     SELECT m.user_id, m.record_id, ${texts.embedText} AS embed_text, ${texts.replyText} AS reply_text, m.global_position
     FROM memory_records m JOIN claimed c ON c.user_id = m.user_id AND c.record_id = m.record_id`,
    [options.batchSize ?? 64, embedder.model],
  );
  if (rows.length === 0) return 0;
  // A span only for a batch that found work (an idle poll every quarter second would bury the rest), begun at the claim.
  return inSpan('embedding filler batch', { root: true, startTime: claimedFrom, attributes: batchAttributes(rows) }, () => embedClaimed(db, embedder, rows, options));
}

interface ClaimedRow {
  user_id: string;
  record_id: string;
  embed_text: string;
  reply_text: string;
  global_position: string | number;
}

/**
 * The records' feed positions, which the command span that appended each event names (`memctx.global_position`):
 * linking to those spans would mean reading the events' metadata, and the events table has no index by position.
 */
const batchAttributes = (rows: readonly ClaimedRow[]) => ({
  'memctx.records': rows.length,
  'memctx.global_positions': rows.slice(0, 128).map((row) => Number(row.global_position)),
});

async function embedClaimed(db: Db, embedder: DocumentEmbedder, rows: readonly ClaimedRow[], options: FillOptions): Promise<number> {
  const replies = options.replies ?? true ? rows.filter((row) => row.reply_text.trim() !== '') : [];
  const vectors = await embedder.embedDocuments([...rows.map((row) => row.embed_text), ...replies.map((row) => row.reply_text)]);
  const replyVector = new Map(replies.map((row, i) => [row.record_id, vectors[rows.length + i]!]));
  // The claims go with the write, also of records that went away meanwhile (deleted, or another model's now).
  await db.query(
    `WITH u AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS u(user_id text, record_id text, embedding text, reply_embedding text)),
     released AS (DELETE FROM embedding_claims c USING u WHERE c.user_id = u.user_id AND c.record_id = u.record_id)
     UPDATE memory_records m SET embedding = u.embedding::vector, reply_embedding = u.reply_embedding::vector
     FROM u WHERE m.user_id = u.user_id AND m.record_id = u.record_id AND m.embedding IS NULL AND ${isRecordedModel('$1')}`,
    [embedder.model, JSON.stringify(rows.map((row, i) => {
      const reply = replyVector.get(row.record_id);
      return { user_id: row.user_id, record_id: row.record_id, embedding: toVectorLiteral(vectors[i]!), reply_embedding: reply ? toVectorLiteral(reply) : null };
    }))],
  );
  return rows.length;
}

export interface EmbeddingFiller {
  stop(): Promise<void>;
}

/**
 * Keeps filling while there is work and polls (one indexed query) when there is
 * none: new rows appear when the memory_records projection commits, not when
 * events are appended, so the feed's NOTIFY would wake it too early.
 */
export function runEmbeddingFiller(
  db: Db,
  embedder: DocumentEmbedder,
  options: FillOptions & { idleWaitMs?: number; onError?: (error: unknown) => void } = {},
): EmbeddingFiller {
  return runProcessorLoop({
    step: async () => (await fillEmbeddings(db, embedder, options)) > 0,
    idleWaitMs: options.idleWaitMs ?? 250,
    onError: options.onError,
  });
}
