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

/** A word of the query as full-text search reads it (an English stem), with how rare it is in the scope. */
export interface QueryTerm {
  lexeme: string;
  /** Records in scope holding it (counted up to a cap: past it the word is common anyway). */
  df: number;
  /** BM25 inverse document frequency: near 0 for a word every record holds, high for one none holds. */
  idf: number;
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
  /** Candidates taken from each ranking before fusion. */
  depth?: number;
  limit?: number;
}

// RRF's usual constant; a lower weight for recency keeps it a tie-breaker when there is a query.
const RRF_K = 60;
const RECENCY_WEIGHT_WITH_QUERY = 0.1;
// BM25's usual parameters.
const K1 = 1.2;
const B = 0.75;
// Document frequencies are counted up to this many records: a word that common only selects noise.
const DF_CAP = 2_000;
// A word held by more than this share of the scope (a speaker's name in every round) scores but does not select candidates.
const COMMON_SHARE = 0.4;
const MAX_QUERY_TERMS = 32;

const inScope = (m: string) => `${m}.user_id = $1 AND NOT ${m}.hidden AND ${m}.sip_eligible AND ${m}.record_type = 'FACTUAL'
    AND ($2::text IS NULL OR ${m}.project_id = $2 OR ($3::boolean AND ${m}.project_id IS NULL))`;

/*
 * Lexical retrieval is BM25 over the records' full-text vectors: idf from the
 * scope's record count (kept by memory_token_totals, no scan) and each query
 * stem's document frequency (a capped count through the GIN index), term
 * frequency from the tsvector's positions. Only selective stems pick
 * candidates, so a name said in every round neither floods the candidate set
 * nor costs a scan of it. Lexemes are quoted one by one into the tsquery, so no
 * part of the user's text is ever read as tsquery syntax.
 */
const SQL = `
  WITH terms AS (
    SELECT DISTINCT lexeme FROM unnest(tsvector_to_array(to_tsvector('english', coalesce($5::text, '')))) AS lexeme
    WHERE position(E'\\\\' IN lexeme) = 0 LIMIT ${MAX_QUERY_TERMS}
  ),
  stats AS (
    SELECT greatest(coalesce(sum(records), 0), 1)::float8 AS n,
      greatest(coalesce(sum(lexemes)::float8 / nullif(sum(records), 0), 1), 1) AS avgdl
    FROM memory_token_totals WHERE user_id = $1 AND ($2::text IS NULL OR project_key = $2 OR ($3::boolean AND project_key = ''))
  ),
  weights AS (
    SELECT t.lexeme, d.df, ln(1 + (stats.n - least(d.df, stats.n) + 0.5) / (d.df + 0.5)) AS idf
    FROM terms t CROSS JOIN stats
    CROSS JOIN LATERAL (
      SELECT count(*)::float8 AS df FROM (
        SELECT 1 FROM memory_records m WHERE ${inScope('m')} AND m.search @@ quote_literal(t.lexeme)::tsquery LIMIT ${DF_CAP}
      ) hits
    ) d
  ),
  q AS (
    SELECT coalesce(
      (SELECT string_agg(quote_literal(lexeme), ' | ') FROM weights, stats WHERE df > 0 AND df < ${DF_CAP} AND df <= ${COMMON_SHARE} * stats.n),
      (SELECT string_agg(quote_literal(lexeme), ' | ') FROM weights WHERE df > 0)
    )::tsquery AS ts
  ),
  vec AS (
    SELECT record_id, max(similarity) AS similarity, max(similarity) FILTER (WHERE side = 'user') AS user_similarity,
      max(similarity) FILTER (WHERE side = 'reply') AS reply_similarity, row_number() OVER (ORDER BY max(similarity) DESC) AS rank
    FROM (
      (SELECT record_id, 'user' AS side, 1 - (embedding <=> $4::vector) AS similarity FROM memory_records m
       WHERE $9::boolean AND ${inScope('m')} AND embedding IS NOT NULL
       ORDER BY embedding <=> $4::vector LIMIT $6)
      UNION ALL
      (SELECT record_id, 'reply', 1 - (reply_embedding <=> $4::vector) FROM memory_records m
       WHERE $9::boolean AND ${inScope('m')} AND reply_embedding IS NOT NULL
       ORDER BY reply_embedding <=> $4::vector LIMIT $6)
    ) v GROUP BY record_id
  ),
  fts AS (
    SELECT record_id, score, row_number() OVER (ORDER BY score DESC) AS rank FROM (
      SELECT m.record_id, (
        SELECT coalesce(sum(w.idf * (array_length(u.positions, 1) * ${K1 + 1})
          / (array_length(u.positions, 1) + ${K1} * (${1 - B} + ${B} * length(m.search) / stats.avgdl))), 0)
        FROM unnest(m.search) u JOIN weights w ON w.lexeme = u.lexeme
      ) AS score
      FROM memory_records m, q, stats
      WHERE q.ts IS NOT NULL AND ${inScope('m')} AND m.search @@ q.ts
      ORDER BY score DESC LIMIT $6
    ) t
  ),
  recent AS (
    SELECT record_id, row_number() OVER (ORDER BY created_at DESC, global_position DESC) AS rank FROM (
      SELECT record_id, created_at, global_position FROM memory_records m WHERE ${inScope('m')}
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
    vec.similarity, vec.user_similarity, vec.reply_similarity, (fts.record_id IS NOT NULL) AS text_match, coalesce(fts.score, 0) AS text_score, fused.fused,
    (SELECT jsonb_agg(jsonb_build_object('lexeme', lexeme, 'df', df, 'idf', idf)) FROM weights) AS terms,
    (SELECT n FROM stats) AS scope_records
  FROM fused JOIN memory_records m ON m.user_id = $1 AND m.record_id = fused.record_id
  LEFT JOIN vec ON vec.record_id = fused.record_id
  LEFT JOIN fts ON fts.record_id = fused.record_id
  ORDER BY fused.fused DESC LIMIT $8`;

interface Row extends Omit<Candidate, 'similarity' | 'user_similarity' | 'reply_similarity' | 'fused' | 'text_score'> {
  similarity: number | string | null;
  user_similarity: number | string | null;
  reply_similarity: number | string | null;
  fused: number | string;
  text_score: number | string;
  terms: QueryTerm[] | null;
  scope_records: number | string;
}

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * Hybrid retrieval over the caller's live, SIP-eligible FACTUAL records in scope:
 * pgvector cosine distance (to the user side and to the reply), BM25 over PostgreSQL full text, and recency, fused
 * by reciprocal rank in one statement. HNSW iterative scans keep the
 * nearest-neighbour list full even when the user's rows are a small share of
 * the index. Records not embedded yet are found by full text alone.
 */
export async function retrieve(db: Db, scope: RetrievalScope, options: RetrievalOptions): Promise<Retrieval> {
  const queryText = options.queryText?.trim() ? options.queryText : null;
  const hasQuery = queryText !== null || options.queryEmbedding !== null;
  const params = [
    scope.userId,
    scope.projectId,
    scope.includeGlobal,
    options.queryEmbedding ? toVectorLiteral(options.queryEmbedding) : null,
    queryText,
    options.depth ?? 100,
    hasQuery ? RECENCY_WEIGHT_WITH_QUERY : 1,
    options.limit ?? 120,
    options.queryEmbedding !== null,
  ];
  const rows = await db.transaction(async (tx) => {
    await tx.exec("SET LOCAL hnsw.iterative_scan = 'relaxed_order'; SET LOCAL hnsw.ef_search = 100");
    return (await tx.query<Row>(SQL, params)).rows;
  });
  const candidates = rows.map(({ terms: _terms, scope_records: _n, ...row }) => ({
    ...row,
    similarity: nullableNumber(row.similarity),
    user_similarity: nullableNumber(row.user_similarity),
    reply_similarity: nullableNumber(row.reply_similarity),
    fused: Number(row.fused),
    text_score: Number(row.text_score),
  }));
  return {
    candidates,
    terms: (rows[0]?.terms ?? []).map((t) => ({ lexeme: t.lexeme, df: Number(t.df), idf: Number(t.idf) })),
    scopeRecords: Number(rows[0]?.scope_records ?? 0),
  };
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

type NeighbourRow = Omit<Row, 'similarity' | 'fused' | 'text_score' | 'text_match' | 'terms' | 'scope_records'> & { anchor_id: string };

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

/** Tokens of the visible records' full content in scope: what the same context costs without memory. */
export async function baselineTokens(db: Db, scope: RetrievalScope): Promise<number> {
  const { rows } = await db.query<{ tokens: string | null }>(
    `SELECT sum(tokens) AS tokens FROM memory_token_totals
     WHERE user_id = $1 AND ($2::text IS NULL OR project_key = $2 OR ($3::boolean AND project_key = ''))`,
    [scope.userId, scope.projectId, scope.includeGlobal],
  );
  return Number(rows[0]?.tokens ?? 0);
}
