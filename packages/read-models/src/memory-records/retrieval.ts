import type { Db } from '@memctx/db';
import { toVectorLiteral } from './embeddings.js';

/** Whose records, from where: a project, optionally with the user's records outside any project; no project = all of them. */
export interface RetrievalScope {
  userId: string;
  projectId: string | null;
  includeGlobal: boolean;
}

export interface Candidate {
  record_id: string;
  summary: string;
  content: string;
  provenance: string;
  record_type: string;
  source_id: string | null;
  source_title: string | null;
  created_at: Date;
  /** Cosine similarity to the query, when the record is embedded and was among the nearest. */
  similarity: number | null;
  /** Whether the record matched the query's words in full-text search. */
  text_match: boolean;
  /** Fused rank score (reciprocal-rank fusion), before the provenance weight. */
  fused: number;
}

export interface RetrievalOptions {
  /** Words of the query for full-text search (already split); empty = no text ranking. */
  queryWords: readonly string[];
  queryEmbedding: ArrayLike<number> | null;
  /** Candidates taken from each ranking before fusion. */
  depth?: number;
  limit?: number;
}

// RRF's usual constant; a lower weight for recency keeps it a tie-breaker when there is a query.
const RRF_K = 60;
const RECENCY_WEIGHT_WITH_QUERY = 0.3;

/**
 * Hybrid retrieval over the caller's live, SIP-eligible FACTUAL records in scope:
 * pgvector cosine distance, PostgreSQL full text (the query's words OR-ed, so a
 * question need not contain every word) and recency, fused by reciprocal rank in
 * one statement. HNSW iterative scans keep the nearest-neighbour list full even
 * when the user's rows are a small share of the index.
 */
export async function retrieveCandidates(db: Db, scope: RetrievalScope, options: RetrievalOptions): Promise<Candidate[]> {
  const depth = options.depth ?? 50;
  const limit = options.limit ?? 40;
  const hasQuery = options.queryWords.length > 0 || options.queryEmbedding !== null;
  const tsquery = options.queryWords.length > 0 ? options.queryWords.join(' | ') : null;
  const inScope = `user_id = $1 AND NOT hidden AND sip_eligible AND record_type = 'FACTUAL'
    AND ($2::text IS NULL OR project_id = $2 OR ($3::boolean AND project_id IS NULL))`;
  const sql = `
    WITH q AS (SELECT CASE WHEN $5::text IS NULL THEN NULL ELSE to_tsquery('english', $5::text) END AS ts),
    vec AS (
      SELECT record_id, similarity, row_number() OVER (ORDER BY similarity DESC) AS rank FROM (
        SELECT record_id, 1 - (embedding <=> $4::vector) AS similarity FROM memory_records
        WHERE $9::boolean AND ${inScope} AND embedding IS NOT NULL
        ORDER BY embedding <=> $4::vector LIMIT $6
      ) v
    ),
    fts AS (
      SELECT record_id, row_number() OVER (ORDER BY text_rank DESC) AS rank FROM (
        SELECT record_id, ts_rank_cd(search, q.ts) AS text_rank FROM memory_records, q
        WHERE q.ts IS NOT NULL AND ${inScope} AND search @@ q.ts
        ORDER BY text_rank DESC LIMIT $6
      ) t
    ),
    recent AS (
      SELECT record_id, row_number() OVER (ORDER BY created_at DESC, global_position DESC) AS rank FROM (
        SELECT record_id, created_at, global_position FROM memory_records WHERE ${inScope}
        ORDER BY created_at DESC, global_position DESC LIMIT $6
      ) r
    ),
    fused AS (
      SELECT record_id, sum(score) AS fused FROM (
        SELECT record_id, 1.0 / (${RRF_K} + rank) AS score FROM vec
        UNION ALL SELECT record_id, 1.0 / (${RRF_K} + rank) FROM fts
        UNION ALL SELECT record_id, $7::float8 / (${RRF_K} + rank) FROM recent
      ) s GROUP BY record_id
    )
    SELECT m.record_id, m.summary, m.content, m.provenance, m.record_type, m.source_id, m.source_title, m.created_at,
      vec.similarity, (fts.record_id IS NOT NULL) AS text_match, fused.fused
    FROM fused JOIN memory_records m ON m.user_id = $1 AND m.record_id = fused.record_id
    LEFT JOIN vec ON vec.record_id = fused.record_id
    LEFT JOIN fts ON fts.record_id = fused.record_id
    ORDER BY fused.fused DESC LIMIT $8`;
  const params = [
    scope.userId,
    scope.projectId,
    scope.includeGlobal,
    options.queryEmbedding ? toVectorLiteral(options.queryEmbedding) : null,
    tsquery,
    depth,
    hasQuery ? RECENCY_WEIGHT_WITH_QUERY : 1,
    limit,
    options.queryEmbedding !== null,
  ];
  return db.transaction(async (tx) => {
    await tx.exec("SET LOCAL hnsw.iterative_scan = 'relaxed_order'; SET LOCAL hnsw.ef_search = 100");
    const { rows } = await tx.query<Candidate>(sql, params);
    return rows.map((row) => ({ ...row, similarity: row.similarity === null ? null : Number(row.similarity), fused: Number(row.fused) }));
  });
}

/** Tokens of the visible records' full content in scope: what the same context costs without memory. */
export async function baselineTokens(db: Db, scope: RetrievalScope): Promise<number> {
  const { rows } = await db.query<{ tokens: string | null }>(
    `SELECT sum(tokens) AS tokens FROM memory_token_totals
     WHERE user_id = $1 AND ($2::text IS NULL OR project_key = $2 OR ($3::boolean AND project_key = ''))`,
    [scope.userId, scope.projectId, scope.includeGlobal],
  );
  return Number(rows[0]?.tokens ?? 0);
}
