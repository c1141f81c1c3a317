import type { Provenance, RecordType } from '@memctx/contracts/vocabulary';
import type { Db } from '@memctx/db';
import { memoryRecordsVersion } from './active-version.js';
import { toVectorLiteral } from './embeddings.js';
import { CANDIDATE_DEPTH, searchLexical, type LexicalHits, type QueryTerm } from './lexical.js';
import { inScope, type RetrievalScope } from './scope.js';
import { recordTextsSql } from './texts.js';
import type { WindowHits } from './window.js';
import { compareIds, searchVector, type VectorHit } from './vector.js';

export type { RetrievalScope } from './scope.js';
export { MATCH_BUDGET, searchLexical, type LexicalHits, type LexicalOptions, type QueryTerm } from './lexical.js';
export { scopeStamp } from './stamp.js';
export { keepRetrieval, searchEveryTime, type BuildRetrieval, type KeptRetrieval } from './kept-retrieval.js';
export { searchVector, searchVectorStamped, userBucket, VECTOR_BUCKETS, VECTOR_INDEX_SQL, type StampedVectorHits, type VectorHit } from './vector.js';
export { searchWindow, type TimeWindow, type WindowHits } from './window.js';

export interface Candidate {
  record_id: string;
  summary: string;
  content: string;
  provenance: Provenance;
  record_type: RecordType;
  source_id: string | null;
  source_title: string | null;
  /** The session a round belongs to (null for a document chunk): a SIP that cites it is erased when it is purged. */
  session_id: string | null;
  /** A round's two sides as said (null for a document chunk, or on a generation older than SIDES_SINCE). */
  user_text: string | null;
  assistant_text: string | null;
  created_at: Date;
  /** Cosine similarity to the query of the closer of the record's two sides, when embedded and among the nearest. */
  similarity: number | null;
  /** The same for each side: the user side (or a document chunk) and a round's reply. */
  user_similarity: number | null;
  reply_similarity: number | null;
  /**
   * Whether the record has a vector (a round's user side, or a chunk), when known: an embedded record without a
   * similarity was further from the query than the nearest records the vector search returned.
   */
  embedded?: boolean;
  /**
   * Cosine similarity of the record's vector (a round's user side, or a chunk) to the contrast vector the caller
   * named (`readFused`'s `contrast`: the SIP's small-talk centroid), when it named one and the record is embedded.
   */
  contrast_similarity?: number | null;
  /**
   * Cosine similarity to the query of the closer side, read for every embedded candidate when the caller passed the
   * query's vector (`similarity` is known only for the vector search's nearest): what a record found by its words alone
   * is compared with small talk by.
   */
  query_similarity?: number | null;
  /** Whether the record matched the query's selective words in full-text search. */
  text_match: boolean;
  /** BM25 score of the record for the query's words (0 when it did not match). */
  text_score: number;
  /** Fused rank score (reciprocal-rank fusion), before the provenance weight. */
  fused: number;
}

export interface Retrieval {
  candidates: Candidate[];
  terms: readonly QueryTerm[];
  /** Records in scope (live, any type): the N of the idf. */
  scopeRecords: number;
}

export interface RetrievalOptions {
  /** The query as the user wrote it; PostgreSQL's English configuration turns it into stems (null = no text ranking). */
  queryText: string | null;
  queryEmbedding: ArrayLike<number> | null;
  /** What the query's words found, when the caller searched them already (while the query was embedded). */
  lexical?: LexicalHits;
  /** The nearest records, when the caller searched them already. */
  vector?: readonly VectorHit[];
  /** Candidates taken from each ranking before fusion. */
  depth?: number;
  /** Nearest records taken per embedded side (default: depth). */
  vectorDepth?: number;
  limit?: number;
}

// RRF's usual constant; a lower weight for recency keeps it a tie-breaker when there is a query.
const RRF_K = 60;
const RECENCY_WEIGHT_WITH_QUERY = 0.1;
// A time the query names ("on 9 November") says more of where its answer lies than one list's rank: its records count
// twice; those of the days after it, which may tell of it ("yesterday I…"), as one list.
const NAMED_TIME_WEIGHT = 2;

/**
 * Reciprocal-rank fusion of the lists (nearest by vector, BM25 matches, newest, and said within the time the query
 * names), best first, cut to `limit`. It runs in the process: the lists are at
 * most a few hundred ids, and doing it here lets the vector and full-text halves
 * run side by side on two connections instead of one statement waiting for both.
 */
export function fuse(
  lexical: LexicalHits, vector: readonly VectorHit[], hasQuery: boolean, limit: number, dated?: WindowHits,
): { record_id: string; fused: number }[] {
  const scores = new Map<string, number>();
  const add = (recordId: string, score: number) => scores.set(recordId, (scores.get(recordId) ?? 0) + score);
  vector.forEach((hit, index) => add(hit.record_id, 1 / (RRF_K + index + 1)));
  lexical.matches.forEach((match, index) => add(match.record_id, 1 / (RRF_K + index + 1)));
  dated?.named.forEach((recordId, index) => add(recordId, NAMED_TIME_WEIGHT / (RRF_K + index + 1)));
  dated?.toldLater.forEach((recordId, index) => add(recordId, 1 / (RRF_K + index + 1)));
  const recencyWeight = hasQuery ? RECENCY_WEIGHT_WITH_QUERY : 1;
  lexical.recent.forEach((recordId, index) => add(recordId, recencyWeight / (RRF_K + index + 1)));
  return [...scores]
    .map(([record_id, fused]) => ({ record_id, fused }))
    .sort((a, b) => b.fused - a.fused || compareIds(a.record_id, b.record_id))
    .slice(0, limit);
}

// What a candidate carries: not the search vector nor the embeddings themselves. Read again in scope, so a
// record deleted or hidden since the lists were made drops out.
// A generation older than SIDES_SINCE has no sides stored: until it is rebuilt, its rounds read as one turn.
const SIDES_SINCE = 7;
const columnsFor = (version: number) => `m.record_id, m.summary, ${recordTextsSql(version, 'm').content} AS content, m.provenance, m.record_type,
  m.source_id, m.source_title, m.session_id, m.created_at, ${
  version >= SIDES_SINCE ? 'm.user_text, m.assistant_text' : 'NULL::text AS user_text, NULL::text AS assistant_text'}`;
const candidateColumns = async (db: Db) => columnsFor(await memoryRecordsVersion(db));

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));
const vectorLiteral = (vector: ArrayLike<number> | null | undefined) => (vector ? toVectorLiteral(vector) : null);

type Row = Omit<Candidate, 'similarity' | 'user_similarity' | 'reply_similarity' | 'fused' | 'text_score' | 'text_match'>;

/** The fused best of both halves, read in full, best first. */
export async function readFused(
  db: Db, scope: RetrievalScope, lexical: LexicalHits, vector: readonly VectorHit[],
  options: { hasQuery: boolean; limit?: number; contrast?: ArrayLike<number> | null; query?: ArrayLike<number> | null; dated?: WindowHits },
): Promise<Retrieval> {
  const fused = fuse(lexical, vector, options.hasQuery, options.limit ?? 120, options.dated);
  const retrieval = { terms: lexical.terms, scopeRecords: lexical.scopeRecords };
  if (fused.length === 0) return { ...retrieval, candidates: [] };
  const sql = `SELECT ${await candidateColumns(db)}, m.embedding IS NOT NULL AS embedded,
    CASE WHEN $5::vector IS NULL THEN NULL ELSE 1 - (m.embedding <=> $5::vector) END AS contrast_similarity,
    CASE WHEN $6::vector IS NULL THEN NULL ELSE GREATEST(1 - (m.embedding <=> $6::vector), 1 - (m.reply_embedding <=> $6::vector)) END AS query_similarity
    FROM memory_records m WHERE m.record_id = ANY($4::text[]) AND ${inScope('m')}`;
  const params = [scope.userId, scope.projectId, scope.includeGlobal, fused.map((f) => f.record_id), vectorLiteral(options.contrast), vectorLiteral(options.query)];
  const { rows } = await db.query<Row & { contrast_similarity: number | string | null; query_similarity: number | string | null }>(sql, params, { prepare: true });
  const byId = new Map(rows.map((row) => [row.record_id, row]));
  const near = new Map(vector.map((hit) => [hit.record_id, hit]));
  const text = new Map(lexical.matches.map((match) => [match.record_id, match.score]));
  const candidates = fused.flatMap(({ record_id, fused: score }): Candidate[] => {
    const row = byId.get(record_id);
    if (!row) return [];
    const hit = near.get(record_id);
    return [{
      ...row,
      contrast_similarity: nullableNumber(row.contrast_similarity),
      query_similarity: nullableNumber(row.query_similarity),
      similarity: hit?.similarity ?? null,
      user_similarity: hit?.user_similarity ?? null,
      reply_similarity: hit?.reply_similarity ?? null,
      text_match: text.has(record_id),
      text_score: text.get(record_id) ?? 0,
      fused: score,
    }];
  });
  return { ...retrieval, candidates };
}

/**
 * Hybrid retrieval over the caller's live, SIP-eligible FACTUAL records in scope:
 * pgvector cosine distance (to the user side and to the reply), BM25 over PostgreSQL full text, and recency, fused
 * by reciprocal rank. Records not embedded yet are found by full text alone. Every step is bounded by its
 * depth, not by the number of records. Halves the caller already has (the SIP build starts them itself, to
 * overlap them with embedding the query) are taken as given.
 */
export async function retrieve(db: Db, scope: RetrievalScope, options: RetrievalOptions): Promise<Retrieval> {
  const queryText = options.queryText?.trim() ? options.queryText : null;
  const depth = options.depth ?? CANDIDATE_DEPTH;
  const { queryEmbedding } = options;
  const [lexical, vector] = await Promise.all([
    options.lexical ?? searchLexical(db, scope, queryText, { depth }),
    options.vector ?? (queryEmbedding ? searchVector(db, scope, queryEmbedding, options.vectorDepth ?? depth) : []),
  ]);
  return readFused(db, scope, lexical, vector, { hasQuery: queryText !== null || queryEmbedding !== null, limit: options.limit, query: queryEmbedding });
}

// A neighbour's closeness to the query by either side, and to small talk (the contrast) by its user side, as
// readFused reads them for retrieved candidates: a closing round next to the evidence is judged as chatter like any other.
const NEIGHBOUR_SIMILARITIES = `1 - (m.embedding <=> $5::vector) AS user_similarity, 1 - (m.reply_embedding <=> $5::vector) AS reply_similarity,
  1 - (m.embedding <=> $6::vector) AS contrast_similarity`;

/*
 * The rounds just before and after each anchor in its session, in scope. A
 * conversation answers across rounds: the question is asked in one and the
 * fact follows in the next, so the neighbours of the best-ranked rounds are
 * often the evidence a query's words miss. Similarity to the query is read for
 * them as for any candidate; their fused score is 0 (they were not retrieved).
 * Document chunks share one position per version, so only session records have neighbours.
 */
const neighboursSql = (columns: string) => `
  WITH anchors AS (
    SELECT a.record_id AS anchor_id, m.session_id, m.global_position FROM unnest($4::text[]) AS a(record_id)
    JOIN memory_records m ON m.user_id = $1 AND m.record_id = a.record_id WHERE m.session_id IS NOT NULL
  )
  SELECT a.anchor_id, n.record_id, n.summary, n.content, n.provenance, n.record_type, n.source_id, n.source_title, n.session_id, n.created_at,
    n.user_text, n.assistant_text, n.user_similarity, n.reply_similarity, n.contrast_similarity
  FROM anchors a CROSS JOIN LATERAL (
    (SELECT ${columns}, ${NEIGHBOUR_SIMILARITIES} FROM memory_records m
     WHERE ${inScope('m')} AND m.session_id = a.session_id AND m.global_position < a.global_position
     ORDER BY m.global_position DESC LIMIT 1)
    UNION ALL
    (SELECT ${columns}, ${NEIGHBOUR_SIMILARITIES} FROM memory_records m
     WHERE ${inScope('m')} AND m.session_id = a.session_id AND m.global_position > a.global_position
     ORDER BY m.global_position LIMIT 1)
  ) n`;

type NeighbourRow = Row & {
  anchor_id: string; user_similarity: number | string | null; reply_similarity: number | string | null; contrast_similarity: number | string | null;
};

/** The neighbours of each anchor, by the anchor's record id. */
export async function neighbours(
  db: Db, scope: RetrievalScope, anchorIds: readonly string[], queryEmbedding: ArrayLike<number> | null, contrast: ArrayLike<number> | null = null,
): Promise<Map<string, Candidate[]>> {
  const byAnchor = new Map<string, Candidate[]>();
  if (anchorIds.length === 0) return byAnchor;
  const params = [scope.userId, scope.projectId, scope.includeGlobal, [...anchorIds], vectorLiteral(queryEmbedding), vectorLiteral(contrast)];
  const { rows } = await db.query<NeighbourRow>(neighboursSql(await candidateColumns(db)), params, { prepare: true });
  for (const { anchor_id, ...row } of rows) {
    const user_similarity = nullableNumber(row.user_similarity);
    const reply_similarity = nullableNumber(row.reply_similarity);
    const sides = [user_similarity, reply_similarity].filter((s): s is number => s !== null);
    const candidate = {
      ...row, user_similarity, reply_similarity, contrast_similarity: nullableNumber(row.contrast_similarity),
      similarity: sides.length > 0 ? Math.max(...sides) : null, text_match: false, text_score: 0, fused: 0,
    };
    byAnchor.set(anchor_id, [...(byAnchor.get(anchor_id) ?? []), candidate]);
  }
  return byAnchor;
}

/** The candidates alone, for callers that rank nothing themselves (record browsing). */
export async function retrieveCandidates(db: Db, scope: RetrievalScope, options: RetrievalOptions): Promise<Candidate[]> {
  return (await retrieve(db, scope, options)).candidates;
}
