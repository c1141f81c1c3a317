import { createHash } from 'node:crypto';
import type { Db } from '@memctx/db';
import { memoryRecordsVersion } from './active-version.js';
import { toVectorLiteral } from './embeddings.js';
import { inScope, type RetrievalScope } from './scope.js';
import { STAMP_SQL, STAMPED_SINCE } from './stamp.js';

/*
 * The HNSW indexes are split by a hash of the user into VECTOR_BUCKETS partial
 * indexes per side. One index over everyone's vectors makes a user whose records
 * are a small share of it pay for walking everyone else's: the filtered scan
 * visits about 1/share records for each one it keeps, and a user with a small
 * share of a large table would hit the scan's tuple cap before finding its
 * nearest records. A bucket holds 1/16 of the other users' vectors and all of the caller's,
 * so its graph is smaller and the caller's share of it larger. The bucket is
 * the first hex digit of md5(user_id), computed the same way here and in SQL,
 * and stored (user_bucket), so an insert tests sixteen small integers, not
 * sixteen hashes, against the indexes' predicates. The statement names it as a
 * literal so the planner matches the partial index.
 */
export const VECTOR_BUCKETS = 16;

export const USER_BUCKET_FUNCTION = `
CREATE OR REPLACE FUNCTION public.memory_user_bucket(user_id text) RETURNS int
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT strpos('0123456789abcdef', left(md5(user_id), 1)) - 1 $$;
`;

export const userBucket = (userId: string): number => parseInt(createHash('md5').update(userId).digest('hex')[0]!, 16);

/** Both sides' partial HNSW indexes, one per bucket, on what a SIP may cite (scope.ts, SIP_RECORD). */
export const VECTOR_INDEX_SQL = Array.from({ length: VECTOR_BUCKETS }, (_, bucket) =>
  ['embedding', 'reply_embedding'].map((column) => `
CREATE INDEX memory_records_${column}_${bucket} ON memory_records USING hnsw (${column} vector_cosine_ops)
  WHERE NOT hidden AND sip_eligible AND record_type = 'FACTUAL' AND user_bucket = ${bucket};`).join(''),
).join('');

/** A record near the query by at least one of its sides. */
export interface VectorHit {
  record_id: string;
  /** Cosine similarity of the closer side. */
  similarity: number;
  /** The same for each side, when that side was among the nearest: the user side (or a document chunk) and a round's reply. */
  user_similarity: number | null;
  reply_similarity: number | null;
}

/*
 * The nearest records to the query by each side, each side its own HNSW scan of
 * the caller's bucket, filtered to the caller inside the index (iterative scan),
 * so the list stays full even when the caller's rows are a small share of it.
 */
const sqlFor = (bucket: number | null, stamped = false) => {
  const inBucket = bucket === null ? '' : `AND m.user_bucket = ${bucket}`;
  const sides = `
  (SELECT record_id, 'user' AS side, 1 - (embedding <=> $4::vector) AS similarity FROM memory_records m
   WHERE ${inScope('m')} ${inBucket} AND embedding IS NOT NULL ORDER BY embedding <=> $4::vector LIMIT $5)
  UNION ALL
  (SELECT record_id, 'reply', 1 - (reply_embedding <=> $4::vector) FROM memory_records m
   WHERE ${inScope('m')} ${inBucket} AND reply_embedding IS NOT NULL ORDER BY reply_embedding <=> $4::vector LIMIT $5)`;
  // The scope's stamp in the same statement, so it is the one the search's snapshot saw.
  return stamped ? `SELECT n.*, (${STAMP_SQL}) AS stamp FROM (${sides}) n` : sides;
};
const SQL_STAMPED = Array.from({ length: VECTOR_BUCKETS }, (_, bucket) => sqlFor(bucket, true));
const SQL_BY_BUCKET = Array.from({ length: VECTOR_BUCKETS }, (_, bucket) => sqlFor(bucket));
const SQL_UNBUCKETED = sqlFor(null);

// A generation built before version 6 has neither user_bucket nor the bucket indexes, only one HNSW index per side.
const BUCKETED_SINCE = 6;

/** The nearest records and the scope's stamp the search saw (null when none was found or the generation keeps none). */
export interface StampedVectorHits {
  hits: VectorHit[];
  stamp: string | null;
}

/**
 * The vector half of retrieval, nearest first: it needs nothing of the full-text
 * half, so it runs as soon as the query vector is known, while the words may
 * still be searched on another connection.
 */
export async function searchVector(db: Db, scope: RetrievalScope, queryEmbedding: ArrayLike<number>, depth: number): Promise<VectorHit[]> {
  return (await searchVectorStamped(db, scope, queryEmbedding, depth)).hits;
}

/** `searchVector` with the scope's stamp its snapshot saw. */
export async function searchVectorStamped(db: Db, scope: RetrievalScope, queryEmbedding: ArrayLike<number>, depth: number): Promise<StampedVectorHits> {
  const params = [scope.userId, scope.projectId, scope.includeGlobal, toVectorLiteral(queryEmbedding), depth];
  const version = await memoryRecordsVersion(db);
  const bucket = userBucket(scope.userId);
  const sql = version >= STAMPED_SINCE ? SQL_STAMPED[bucket]! : version >= BUCKETED_SINCE ? SQL_BY_BUCKET[bucket]! : SQL_UNBUCKETED;
  const rows = await db.transaction(async (tx) => {
    await tx.exec("SET LOCAL hnsw.iterative_scan = 'relaxed_order'; SET LOCAL hnsw.ef_search = 100");
    return (await tx.query<{ record_id: string; side: 'user' | 'reply'; similarity: number | string; stamp?: string | null }>(sql, params, { prepare: true })).rows;
  });
  const byRecord = new Map<string, VectorHit>();
  for (const row of rows) {
    const similarity = Number(row.similarity);
    const hit = byRecord.get(row.record_id) ?? { record_id: row.record_id, similarity, user_similarity: null, reply_similarity: null };
    hit.similarity = Math.max(hit.similarity, similarity);
    if (row.side === 'user') hit.user_similarity = similarity;
    else hit.reply_similarity = similarity;
    byRecord.set(row.record_id, hit);
  }
  const hits = [...byRecord.values()].sort((a, b) => b.similarity - a.similarity || compareIds(a.record_id, b.record_id));
  return { hits, stamp: rows[0]?.stamp ?? null };
}

/** Record ids in a fixed order, to break ties the same way on every run. */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
