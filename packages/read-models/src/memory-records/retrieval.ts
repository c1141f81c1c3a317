import type { Db } from '@memctx/db';
import { toVectorLiteral } from './embeddings.js';
import { searchLexical, type LexicalHits, type QueryTerm } from './lexical.js';
import { inScope, type RetrievalScope } from './scope.js';

export type { RetrievalScope } from './scope.js';
export { MATCH_BUDGET, searchLexical, type LexicalHits, type LexicalOptions, type QueryTerm } from './lexical.js';

export interface Candidate {
  record_id: string;
  summary: string;
  content: string;
  provenance: string;
  record_type: string;
  source_id: string | null;
  source_title: string | null;
  created_at: Date;
  /** Cosine similarity to the query of the closer of the record's two sides, when embedded and among the nearest. */
  similarity: number | null;
  /** The same for each side: the user side (or a document chunk) and a round's reply. */
  user_similarity: number | null;
  reply_similarity: number | null;
  /** Whether the record matched the query's selective words in full-text search. */
  text_match: boolean;
  /** BM25 score of the record for the query's words (0 when it did not match). */
  text_score: number;
  /** Fused rank score (reciprocal-rank fusion), before the provenance weight. */
  fused: number;
}

export interface Retrieval {
  candidates: Candidate[];
  terms: QueryTerm[];
  /** Records in scope (live, any type): the N of the idf. */
  scopeRecords: number;
}

export interface RetrievalOptions {
  /** The query as the user wrote it; PostgreSQL's English configuration turns it into stems (null = no text ranking). */
  queryText: string | null;
  queryEmbedding: ArrayLike<number> | null;
  /** What the query's words found, when the caller searched them already (while the query was embedded). */
  lexical?: LexicalHits;
  /** Candidates taken from each ranking before fusion. */
  depth?: number;
  /** Nearest records taken per embedded side (default: depth). */
  vectorDepth?: number;
  limit?: number;
}

// RRF's usual constant; a lower weight for recency keeps it a tie-breaker when there is a query.
const RRF_K = 60;
const RECENCY_WEIGHT_WITH_QUERY = 0.1;

/*
 * The vector half and the fusion. The nearest records to the query by each side
 * (HNSW, filtered to the caller in the index scan), the lexical lists passed in
 * as arrays in rank order, fused by reciprocal rank, and the fused best read
 * in full: one statement once the query vector is known.
 */
const SQL = `
  WITH vec AS (
    SELECT record_id, max(similarity) AS similarity, max(similarity) FILTER (WHERE side = 'user') AS user_similarity,
      max(similarity) FILTER (WHERE side = 'reply') AS reply_similarity, row_number() OVER (ORDER BY max(similarity) DESC) AS rank
    FROM (
      (SELECT record_id, 'user' AS side, 1 - (embedding <=> $4::vector) AS similarity FROM memory_records m
       WHERE $4::vector IS NOT NULL AND ${inScope('m')} AND embedding IS NOT NULL
       ORDER BY embedding <=> $4::vector LIMIT $5)
      UNION ALL
      (SELECT record_id, 'reply', 1 - (reply_embedding <=> $4::vector) FROM memory_records m
       WHERE $4::vector IS NOT NULL AND ${inScope('m')} AND reply_embedding IS NOT NULL
       ORDER BY reply_embedding <=> $4::vector LIMIT $5)
    ) v GROUP BY record_id
  ),
  text_hits AS (SELECT record_id, score, rank FROM unnest($6::text[], $7::float8[]) WITH ORDINALITY AS h(record_id, score, rank)),
  recent AS (SELECT record_id, rank FROM unnest($8::text[]) WITH ORDINALITY AS r(record_id, rank)),
  fused AS (
    SELECT record_id, sum(score) AS fused FROM (
      SELECT record_id, 1.0 / (${RRF_K} + rank) AS score FROM vec
      UNION ALL SELECT record_id, 1.0 / (${RRF_K} + rank) FROM text_hits
      UNION ALL SELECT record_id, $9::float8 / (${RRF_K} + rank) FROM recent
    ) s GROUP BY record_id
  )
  SELECT m.record_id, m.summary, m.content, m.provenance, m.record_type, m.source_id, m.source_title, m.created_at,
    vec.similarity, vec.user_similarity, vec.reply_similarity, (text_hits.record_id IS NOT NULL) AS text_match,
    coalesce(text_hits.score, 0) AS text_score, fused.fused
  FROM fused JOIN memory_records m ON m.user_id = $1 AND m.record_id = fused.record_id AND ${inScope('m')}
  LEFT JOIN vec ON vec.record_id = fused.record_id
  LEFT JOIN text_hits ON text_hits.record_id = fused.record_id
  ORDER BY fused.fused DESC, m.record_id LIMIT $10`;

interface Row extends Omit<Candidate, 'similarity' | 'user_similarity' | 'reply_similarity' | 'fused' | 'text_score'> {
  similarity: number | string | null;
  user_similarity: number | string | null;
  reply_similarity: number | string | null;
  fused: number | string;
  text_score: number | string;
}

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * Hybrid retrieval over the caller's live, SIP-eligible FACTUAL records in scope:
 * pgvector cosine distance (to the user side and to the reply), BM25 over PostgreSQL full text, and recency, fused
 * by reciprocal rank. HNSW iterative scans keep the nearest-neighbour list full even when the user's rows are a
 * small share of the index. Records not embedded yet are found by full text alone. Every step is bounded by its
 * depth, not by the number of records.
 */
export async function retrieve(db: Db, scope: RetrievalScope, options: RetrievalOptions): Promise<Retrieval> {
  const queryText = options.queryText?.trim() ? options.queryText : null;
  const depth = options.depth ?? 100;
  const lexical = options.lexical ?? (await searchLexical(db, scope, queryText, { depth }));
  const hasQuery = queryText !== null || options.queryEmbedding !== null;
  const params = [
    scope.userId,
    scope.projectId,
    scope.includeGlobal,
    options.queryEmbedding ? toVectorLiteral(options.queryEmbedding) : null,
    options.vectorDepth ?? depth,
    lexical.matches.map((m) => m.record_id),
    lexical.matches.map((m) => m.score),
    lexical.recent,
    hasQuery ? RECENCY_WEIGHT_WITH_QUERY : 1,
    options.limit ?? 120,
  ];
  const rows = await db.transaction(async (tx) => {
    await tx.exec("SET LOCAL hnsw.iterative_scan = 'relaxed_order'; SET LOCAL hnsw.ef_search = 100");
    return (await tx.query<Row>(SQL, params)).rows;
  });
  const candidates = rows.map((row) => ({
    ...row,
    similarity: nullableNumber(row.similarity),
    user_similarity: nullableNumber(row.user_similarity),
    reply_similarity: nullableNumber(row.reply_similarity),
    fused: Number(row.fused),
    text_score: Number(row.text_score),
  }));
  return { candidates, terms: lexical.terms, scopeRecords: lexical.scopeRecords };
}

/*
 * The rounds just before and after each anchor in its session, in scope. A
 * conversation answers across rounds: the question is asked in one and the
 * fact follows in the next, so the neighbours of the best-ranked rounds are
 * often the evidence a query's words miss. Similarity to the query is read for
 * them as for any candidate; their fused score is 0 (they were not retrieved).
 * Document chunks share one position per version, so only session records have neighbours.
 */
// Only what a candidate carries: not the search vector nor the embeddings themselves.
const NEIGHBOUR_COLUMNS = 'm.record_id, m.summary, m.content, m.provenance, m.record_type, m.source_id, m.source_title, m.created_at';
const NEIGHBOURS_SQL = `
  WITH anchors AS (
    SELECT a.record_id AS anchor_id, m.session_id, m.global_position FROM unnest($4::text[]) AS a(record_id)
    JOIN memory_records m ON m.user_id = $1 AND m.record_id = a.record_id WHERE m.session_id IS NOT NULL
  )
  SELECT a.anchor_id, n.record_id, n.summary, n.content, n.provenance, n.record_type, n.source_id, n.source_title, n.created_at,
    n.user_similarity, n.reply_similarity
  FROM anchors a CROSS JOIN LATERAL (
    (SELECT ${NEIGHBOUR_COLUMNS}, 1 - (m.embedding <=> $5::vector) AS user_similarity, 1 - (m.reply_embedding <=> $5::vector) AS reply_similarity
     FROM memory_records m WHERE ${inScope('m')} AND m.session_id = a.session_id AND m.global_position < a.global_position
     ORDER BY m.global_position DESC LIMIT 1)
    UNION ALL
    (SELECT ${NEIGHBOUR_COLUMNS}, 1 - (m.embedding <=> $5::vector), 1 - (m.reply_embedding <=> $5::vector)
     FROM memory_records m WHERE ${inScope('m')} AND m.session_id = a.session_id AND m.global_position > a.global_position
     ORDER BY m.global_position LIMIT 1)
  ) n`;

type NeighbourRow = Omit<Row, 'similarity' | 'fused' | 'text_score' | 'text_match'> & { anchor_id: string };

/** The neighbours of each anchor, by the anchor's record id. */
export async function neighbours(
  db: Db, scope: RetrievalScope, anchorIds: readonly string[], queryEmbedding: ArrayLike<number> | null,
): Promise<Map<string, Candidate[]>> {
  const byAnchor = new Map<string, Candidate[]>();
  if (anchorIds.length === 0) return byAnchor;
  const params = [scope.userId, scope.projectId, scope.includeGlobal, [...anchorIds], queryEmbedding ? toVectorLiteral(queryEmbedding) : null];
  const { rows } = await db.query<NeighbourRow>(NEIGHBOURS_SQL, params);
  for (const { anchor_id, ...row } of rows) {
    const user_similarity = nullableNumber(row.user_similarity);
    const reply_similarity = nullableNumber(row.reply_similarity);
    const sides = [user_similarity, reply_similarity].filter((s): s is number => s !== null);
    const candidate = { ...row, user_similarity, reply_similarity, similarity: sides.length > 0 ? Math.max(...sides) : null, text_match: false, text_score: 0, fused: 0 };
    byAnchor.set(anchor_id, [...(byAnchor.get(anchor_id) ?? []), candidate]);
  }
  return byAnchor;
}

/** The candidates alone, for callers that rank nothing themselves (record browsing). */
export async function retrieveCandidates(db: Db, scope: RetrievalScope, options: RetrievalOptions): Promise<Candidate[]> {
  return (await retrieve(db, scope, options)).candidates;
}
