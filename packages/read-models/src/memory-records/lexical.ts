import type { Db } from '@memctx/db';
import { inProject, inScope, SIP_RECORD, type RetrievalScope } from './scope.js';
import { memoryRecordsVersion } from './active-version.js';
import { lexemeKeysSql } from './lexeme-keys.js';
import { STAMP_SQL, STAMPED_SINCE } from './stamp.js';

/** A word of the query as full-text search reads it (an English stem), with how rare it is in the scope. */
export interface QueryTerm {
  lexeme: string;
  /** Records in scope holding it (counted up to a cap: past it the word is common anyway). */
  df: number;
  /** BM25 inverse document frequency: near 0 for a word every record holds, high for one none holds. */
  idf: number;
}

/**
 * What the words of a query find, before any vector is at hand. Read-only: a kept answer (kept-retrieval.ts) is handed
 * to every build that asks the same again.
 */
export interface LexicalHits {
  readonly terms: readonly QueryTerm[];
  /** Records in scope (live, any type): the N of the idf. */
  readonly scopeRecords: number;
  /** Tokens of those records' full content: what the same context costs without memory (the SIP baseline). */
  readonly scopeTokens: number;
  /** Records matching the chosen words (without a selective word: the newest records holding any), best BM25 score first. */
  readonly matches: readonly { readonly record_id: string; readonly score: number }[];
  /** The newest records in scope, newest first. */
  readonly recent: readonly string[];
  /** The scope's stamp (stamp.ts) the answer was read at, when the generation keeps one. */
  readonly stamp: string | null;
}

// BM25's usual parameters.
const K1 = 1.2;
const B = 0.75;
// Document frequencies are counted up to this many records: a word that common only selects noise.
const DF_CAP = 2_000;
// A word held by more than this share of the scope (a speaker's name in every round) scores but does not select
// candidates; when no word of the query selects, the newest DF_SAMPLE records are the ones scored.
const COMMON_SHARE = 0.4;
// The rarest words select candidates until their document frequencies add up to this: the records scored stay
// bounded however many records the user has, and the words left out still score what the others selected.
export const MATCH_BUDGET = 1_500;
// Document frequencies come from the newest records in scope, up to this many: exact for a scope that small,
// an estimate (scaled to the scope) past it, so a common word never costs a walk over its whole posting list.
export const DF_SAMPLE = 500;
/** Candidates each ranking gives (lexical matches, recent records, nearest vectors) when the caller names no depth. */
export const CANDIDATE_DEPTH = 100;
const MAX_QUERY_TERMS = 32;

/*
 * The full-text index is keyed by (user, lexeme) (memory_lexeme_keys in
 * ./lexeme-keys.ts), so a word's posting list holds only the caller's records:
 * matching costs what the caller's own records cost, not everyone's. The
 * statements that use that index leave out the user_id test: the key holds the
 * user, and the test would only tempt the planner into AND-ing the bitmap with
 * every one of the user's primary keys. Candidates are read in full by the
 * vector statement, which does test user_id, so a hash prefix shared by two users
 * could at worst skew a count, never show a record.
 *
 * BM25: N and the average length from memory_token_totals (no scan); each stem's
 * document frequency from the newest DF_SAMPLE records in scope (they are also
 * the recent list), scaled to the scope; a stem none of them holds is counted
 * exactly through the index (it is rare, so that is cheap); term frequency from
 * the tsvector's positions of the query's stems alone (setweight + ts_filter pick
 * them out in C). Lexemes are quoted one by one, so no part of the user's text
 * is ever read as query syntax.
 */
const lexicalSql = (version: number) => `
  WITH terms AS (
    SELECT DISTINCT lexeme FROM unnest(tsvector_to_array(to_tsvector('english', coalesce($4::text, '')))) AS lexeme
    WHERE position(E'\\\\' IN lexeme) = 0 LIMIT ${MAX_QUERY_TERMS}
  ),
  -- The stems as an array (setweight's filter) and as an OR query (quote_literal keeps each one a single term).
  query AS (SELECT array_agg(lexeme) AS lexemes, array_to_string(array_agg(quote_literal(lexeme)), ' | ')::tsquery AS anyword FROM terms),
  stats AS (
    SELECT greatest(coalesce(sum(records), 0), 1)::float8 AS n, coalesce(sum(tokens), 0) AS tokens,
      greatest(coalesce(sum(lexemes)::float8 / nullif(sum(records), 0), 1), 1) AS avgdl
    FROM memory_token_totals WHERE user_id = $1 AND ($2::text IS NULL OR project_key = $2 OR ($3::boolean AND project_key = ''))
  ),
  sample AS (
    -- Picking the stems out costs a copy of the tsvector; a row that holds none of them (the cheap @@ says so) skips it.
    SELECT record_id, CASE WHEN search @@ (SELECT anyword FROM query) THEN ts_filter(setweight(search, 'A', (SELECT lexemes FROM query)), '{a}') END AS hit,
      length(search) AS len,
      row_number() OVER (ORDER BY created_at DESC, global_position DESC) AS ord
    FROM (
      (SELECT record_id, search, created_at, global_position FROM memory_records m WHERE $2::text IS NULL AND ${inScope('m')}
       ORDER BY created_at DESC, global_position DESC LIMIT $7)
      UNION ALL
      (SELECT record_id, search, created_at, global_position FROM memory_records m WHERE m.project_id = $2 AND ${inScope('m')}
       ORDER BY created_at DESC, global_position DESC LIMIT $7)
      UNION ALL
      (SELECT record_id, search, created_at, global_position FROM memory_records m
       WHERE $2::text IS NOT NULL AND $3::boolean AND m.project_id IS NULL AND ${inScope('m')}
       ORDER BY created_at DESC, global_position DESC LIMIT $7)
    ) r ORDER BY created_at DESC, global_position DESC LIMIT $7
  ),
  -- Materialized: inlined, each use of size below would count the sample again (six scans of it per statement).
  sampled AS MATERIALIZED (
    SELECT t.lexeme, coalesce(h.hits, 0)::float8 AS hits, (SELECT count(*) FROM sample)::float8 AS size
    FROM terms t LEFT JOIN (
      SELECT lexeme, count(*) AS hits FROM sample, unnest(tsvector_to_array(hit)) AS lexeme GROUP BY lexeme
    ) h ON h.lexeme = t.lexeme
  ),
  weights AS (
    SELECT lexeme, df, ln(1 + (stats.n - least(df, stats.n) + 0.5) / (df + 0.5)) AS idf FROM stats, LATERAL (
      SELECT t.lexeme, CASE
        WHEN t.size < $7 THEN t.hits
        WHEN t.hits > 0 THEN least(round(t.hits * stats.n / t.size), ${DF_CAP})
        ELSE (SELECT count(*) FROM (
          SELECT 1 FROM memory_records m
          WHERE ${lexemeKeysSql('m', version)} @> ARRAY[public.memory_lexeme_key($1, t.lexeme)]
            AND ${SIP_RECORD('m')} AND ${inProject('m')}
          LIMIT ${DF_CAP}) hits)
      END::float8 AS df FROM sampled t
    ) d
  ),
  pool AS (
    SELECT weights.*, df < ${DF_CAP} AND df <= ${COMMON_SHARE} * stats.n AS selective FROM weights, stats WHERE df > 0
  ),
  chosen AS (
    SELECT lexeme FROM (
      SELECT lexeme, sum(df) OVER (ORDER BY df, lexeme) - df AS before FROM pool
      WHERE selective
    ) c WHERE before < $6
  ),
  keys AS (SELECT array_agg(public.memory_lexeme_key($1, lexeme)) AS keys FROM chosen),
  matches AS (
    SELECT x.record_id, sum(w.idf * (array_length(u.positions, 1) * ${K1 + 1}::float8)
      / (array_length(u.positions, 1) + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * x.len / stats.avgdl))) AS score
    FROM (
      -- OFFSET 0: each record's tsvector is read once here, not once per matched stem in the join above.
      (SELECT m.record_id, ts_filter(setweight(m.search, 'A', (SELECT lexemes FROM query)), '{a}') AS hit, length(m.search) AS len
       FROM memory_records m, keys
       WHERE keys.keys IS NOT NULL AND ${lexemeKeysSql('m', version)} && keys.keys AND ${SIP_RECORD('m')} AND ${inProject('m')}
       OFFSET 0)
      UNION ALL
      -- No selective word (each is in most records, or in DF_CAP or more): the newest records holding any of them,
      -- read already for the frequencies, are scored, not every record that holds the rarest one (tens of thousands).
      (SELECT record_id, hit, len FROM sample WHERE NOT EXISTS (SELECT 1 FROM chosen) AND length(hit) > 0)
    ) x
    CROSS JOIN stats
    CROSS JOIN LATERAL unnest(x.hit) u
    JOIN weights w ON w.lexeme = u.lexeme
    GROUP BY x.record_id ORDER BY score DESC, x.record_id LIMIT $5
  )
  SELECT (SELECT jsonb_agg(jsonb_build_object('lexeme', lexeme, 'df', df, 'idf', idf)) FROM weights) AS terms,
    (SELECT n FROM stats) AS scope_records, (SELECT tokens FROM stats) AS scope_tokens,
    (SELECT jsonb_agg(jsonb_build_object('record_id', record_id, 'score', score) ORDER BY score DESC, record_id) FROM matches) AS matches,
    (SELECT array_agg(record_id ORDER BY ord) FROM sample WHERE ord <= $5) AS recent,
    ${version >= STAMPED_SINCE ? `(${STAMP_SQL})` : 'NULL::text'} AS stamp`;
// Per version of the generation that answers: its columns and how its index compares keys.
const statements = new Map<number, string>();

export interface LexicalOptions {
  /** Caps each list (matches, recent). */
  depth?: number;
  /** How many records the selecting words may hold together (see MATCH_BUDGET). */
  matchBudget?: number;
  /** How many of the newest records document frequencies are read from (see DF_SAMPLE); at least `depth`. */
  dfSample?: number;
}

interface Row {
  terms: QueryTerm[] | null;
  scope_records: number | string;
  scope_tokens: number | string;
  matches: { record_id: string; score: number }[] | null;
  recent: string[] | null;
  stamp: string | null;
}

/**
 * The lexical half of retrieval: BM25 matches of the query's words, the
 * newest records and the scope's totals (its baseline tokens among them), in one
 * statement that needs no query vector, so it runs while the query is being embedded.
 */
export async function searchLexical(db: Db, scope: RetrievalScope, queryText: string | null, options: LexicalOptions = {}): Promise<LexicalHits> {
  const depth = options.depth ?? CANDIDATE_DEPTH;
  // Without words to count, only the recent list is needed.
  const sample = queryText ? Math.max(options.dfSample ?? DF_SAMPLE, depth) : depth;
  const params = [scope.userId, scope.projectId, scope.includeGlobal, queryText, depth, options.matchBudget ?? MATCH_BUDGET, sample];
  const version = await memoryRecordsVersion(db);
  let sql = statements.get(version);
  if (!sql) statements.set(version, (sql = lexicalSql(version)));
  const { rows: [row] } = await db.query<Row>(sql, params, { prepare: true });
  return {
    terms: (row?.terms ?? []).map((t) => ({ lexeme: t.lexeme, df: Number(t.df), idf: Number(t.idf) })),
    scopeRecords: Number(row?.scope_records ?? 0),
    scopeTokens: Number(row?.scope_tokens ?? 0),
    matches: (row?.matches ?? []).map((m) => ({ record_id: m.record_id, score: Number(m.score) })),
    recent: row?.recent ?? [],
    stamp: row?.stamp ?? null,
  };
}
