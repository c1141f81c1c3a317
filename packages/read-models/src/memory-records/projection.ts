import type { Provenance } from '@memctx/contracts/vocabulary';
import { asColumns, type Queryable } from '@memctx/db';
import type { GeneratedStatementRecorded, RoundIngested } from '@memctx/domain';
import { defineProjection, type ProjectedEvent } from '@memctx/projections';
import { countTokens } from '@memctx/tokens';
import { LEXEME_KEY_FUNCTIONS } from './lexeme-keys.js';
import { exchange, RECORD_CONTENT_FUNCTION } from './texts.js';
import { USER_BUCKET_FUNCTION, VECTOR_INDEX_SQL } from './vector.js';
import { deleteSessions, lastPerKey, ofTypes, sessionKeyOf, setSessionsHidden, stepsOf } from '../events.js';

export const SUMMARY_LENGTH = 300;
export const EMBEDDING_DIMENSIONS = 384;

// The visible rows a statement added or removed, as deltas of the totals.
const ADDED = `SELECT user_id, record_id, COALESCE(project_id, '') AS project_key, token_count AS tokens, 1 AS records, length(search) AS lexemes,
    false AS revectored FROM new_rows WHERE NOT hidden`;
const REMOVED = `SELECT user_id, record_id, COALESCE(project_id, '') AS project_key, -token_count AS tokens, -1 AS records, -length(search) AS lexemes,
    false AS revectored FROM old_rows WHERE NOT hidden`;
// An update's new rows, each with whether its vectors changed.
const UPDATED = `SELECT n.user_id, n.record_id, COALESCE(n.project_id, '') AS project_key, n.token_count AS tokens, 1 AS records,
    length(n.search) AS lexemes, o.embedding IS DISTINCT FROM n.embedding OR o.reply_embedding IS DISTINCT FROM n.reply_embedding AS revectored
    FROM new_rows n JOIN old_rows o USING (user_id, record_id) WHERE NOT n.hidden`;
/** A statement trigger's function adding the deltas of `rows` to memory_token_totals, and moving the stamp of each total it changes. */
const totalsTrigger = (name: string, rows: string, orMoved = '') => `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO memory_token_totals AS t (user_id, project_key, tokens, records, lexemes, change_stamp)
  SELECT user_id, project_key, sum(tokens), sum(records), sum(lexemes), txid_current() FROM (
    ${rows}
  ) d GROUP BY user_id, project_key HAVING sum(tokens) <> 0 OR sum(records) <> 0 OR sum(lexemes) <> 0${orMoved}
  ON CONFLICT (user_id, project_key) DO UPDATE
  SET tokens = t.tokens + EXCLUDED.tokens, records = t.records + EXCLUDED.records, lexemes = t.lexemes + EXCLUDED.lexemes,
    change_stamp = greatest(t.change_stamp + 1, EXCLUDED.change_stamp);
  RETURN NULL;
END $$;`;

/*
 * Provenance and eligibility rules of the spec, decided once here:
 * - a round is one ROUND record, FACTUAL and SIP_ELIGIBLE; `user_text` and
 *   `assistant_text` keep its two sides as said (the SIP reads turns from them,
 *   never by parsing labels out of text), and its full exchange as one text, for
 *   full-text search and export, is derived from them (./texts.ts);
 * - a generated statement is one AI_GENERATED record, never SIP_ELIGIBLE: it may
 *   only surface as an uncertain hypothesis.
 * - a connector document is one DOCUMENT_VERIFIED record per chunk, carrying its
 *   source; a new version of the source replaces its chunks.
 * Records of a soft-deleted session stay in place with `hidden` set, so a
 * restore brings them back without re-running anything; a purge deletes them.
 * Full-text search covers the whole exchange (a fact is as often in the reply as
 * in the question); `embedding` is of the user side (per the spec; a generated
 * statement's statement, a chunk's text) and `reply_embedding` of the assistant
 * side, so what either side said can be found by meaning. Both start empty and are filled by the embedding
 * filler (./embeddings.ts); until then full-text search finds the record.
 * memory_token_totals keeps, per user and project ('' = outside any project), the
 * tokens of the visible records' full content (the SIP baseline), their number
 * and their full-text lexemes (BM25's N and average length), without a scan.
 */
const schemaSql = `${LEXEME_KEY_FUNCTIONS}${USER_BUCKET_FUNCTION}${RECORD_CONTENT_FUNCTION}
CREATE TABLE memory_records (
  user_id text NOT NULL,
  record_id text NOT NULL,
  session_id text,
  project_id text,
  source_id text,
  source_title text,
  provenance text NOT NULL,
  record_type text NOT NULL,
  sip_eligible boolean NOT NULL,
  summary text NOT NULL,
  -- A document chunk's text; NULL for a record with sides, whose content memory_record_content derives from them.
  content text,
  -- A round's (or generated statement's) two sides as they were said; NULL for a document chunk.
  user_text text,
  assistant_text text,
  created_at timestamptz NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  token_count int NOT NULL,
  global_position bigint NOT NULL,
  search tsvector GENERATED ALWAYS AS (to_tsvector('english', public.memory_record_content(content, user_text, assistant_text))) STORED,
  user_bucket smallint GENERATED ALWAYS AS (public.memory_user_bucket(user_id)) STORED,
  embedding vector(${EMBEDDING_DIMENSIONS}),
  reply_embedding vector(${EMBEDDING_DIMENSIONS}),
  -- Unused: the filler's leases moved to embedding_claims (embedding-space.ts); a new version drops it.
  embedding_claimed_until timestamptz,
  PRIMARY KEY (user_id, record_id)
);
-- Retrieval reads the tsvector of thousands of records per SIP. A round's row with both vectors passes the 2 kB
-- TOAST threshold, and the toaster would move search out of line (the vectors are EXTERNAL already) and make every
-- read a TOAST fetch; MAIN keeps it in the row unless nothing else can make room (the texts go out first).
ALTER TABLE memory_records ALTER COLUMN search SET STORAGE MAIN;
-- The handlers find a source's and a session's records by these (a rebuild needs them while it loads).
CREATE INDEX memory_records_source ON memory_records (user_id, source_id) WHERE source_id IS NOT NULL;
CREATE INDEX memory_records_session ON memory_records (user_id, session_id, global_position);
-- The vector indexes (./vector.ts) come with the table: rows arrive without vectors (the filler adds them), so
-- keeping them during a rebuild's load costs nothing, and building them after it would scan the table 32 times.
${VECTOR_INDEX_SQL}

CREATE TABLE memory_token_totals (
  user_id text NOT NULL,
  project_key text NOT NULL,
  tokens bigint NOT NULL,
  records bigint NOT NULL DEFAULT 0,
  lexemes bigint NOT NULL DEFAULT 0,
  -- Moves forward with every record inserted, hidden, shown again, deleted or given new vectors (the row lock orders
  -- the writers), from the writing transaction's id, so a later generation's rows start past an earlier one's: the sum
  -- over a scope's rows names the state of its visible records and their vectors (scopeStamp, kept retrieval's key).
  change_stamp bigint NOT NULL,
  PRIMARY KEY (user_id, project_key)
);
-- Each trigger adds its rows' deltas (unqualified names: the generation's search_path or the public views resolve them).
${totalsTrigger('memory_token_totals_apply', `${UPDATED} UNION ALL ${REMOVED}`, `
  -- A record seen on one side only was hidden or shown: the stamp moves even when the deltas cancel out. A record on
  -- both sides is unchanged but for its vectors (an embedding fill), which move the stamp too, and its lease, which does not.
  OR count(*) <> 2 * count(DISTINCT record_id) OR bool_or(revectored)`)}
${totalsTrigger('memory_token_totals_insert', ADDED)}
${totalsTrigger('memory_token_totals_delete', REMOVED)}
CREATE TRIGGER memory_token_totals_on_insert AFTER INSERT ON memory_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_token_totals_insert();
-- Transition tables rule out a column list, so embedding fills and leases fire it too; their deltas sum to zero.
CREATE TRIGGER memory_token_totals_on_update AFTER UPDATE ON memory_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_token_totals_apply();
CREATE TRIGGER memory_token_totals_on_delete AFTER DELETE ON memory_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_token_totals_delete();
`;

// Secondary indexes: a rebuild builds them after its bulk load (GIN is the costly one to maintain row by row).
const indexSql = `
CREATE INDEX memory_records_scope ON memory_records (user_id, project_id, created_at DESC) WHERE NOT hidden;
-- Retrieval's indexes are partial on what a SIP may cite (scope.ts, SIP_RECORD), so they hold no hidden record.
CREATE INDEX memory_records_recent ON memory_records (user_id, created_at DESC, global_position DESC)
  WHERE NOT hidden AND sip_eligible AND record_type = 'FACTUAL';
-- Every SIP scans the GIN pending list whole; 256 kB (not the 4 MB default) keeps that scan short. Keys compare
-- bytewise (lexeme-keys.ts).
CREATE INDEX memory_records_lexemes ON memory_records USING gin (public.memory_lexeme_keys(user_id, search) COLLATE "C")
  WITH (gin_pending_list_limit = 256) WHERE NOT hidden AND sip_eligible AND record_type = 'FACTUAL';
CREATE INDEX memory_records_provenance ON memory_records (user_id, provenance) WHERE NOT hidden;
CREATE INDEX memory_records_unembedded ON memory_records (global_position DESC) WHERE embedding IS NULL;
`;

function summarize(userMessage: string, assistantMessage: string): string {
  const text = assistantMessage ? `${userMessage} → ${assistantMessage}` : userMessage;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_LENGTH ? `${flat.slice(0, SUMMARY_LENGTH - 1)}…` : flat;
}

export interface Turn {
  /** Who said it, for a round; null for a document chunk. */
  role: 'user' | 'assistant' | null;
  text: string;
}

/** What a record's turns are read from: its two stored sides, or its content when it has none (a document chunk). */
export interface TurnSource {
  content: string;
  user_text: string | null;
  assistant_text: string | null;
}

/** A record's content as the turns it holds: a round's two sides (an empty reply is no turn), or one document chunk. */
export function turnsOf(record: TurnSource): Turn[] {
  if (record.user_text === null) return [{ role: null, text: record.content }];
  const user: Turn = { role: 'user', text: record.user_text };
  return record.assistant_text ? [user, { role: 'assistant', text: record.assistant_text }] : [user];
}

interface RecordRow {
  user_id: string;
  record_id: string;
  session_id: string | null;
  project_id: string | null;
  source_id?: string;
  source_title?: string;
  provenance: Provenance;
  sip_eligible: boolean;
  summary: string;
  /** A document chunk's text; a record with sides has none stored. */
  content?: string;
  user_text?: string;
  assistant_text?: string;
  created_at: string;
  global_position: string;
}

const RECORD_COLUMNS = {
  user_id: 'text', record_id: 'text', session_id: 'text', project_id: 'text', source_id: 'text', source_title: 'text', provenance: 'text',
  sip_eligible: 'boolean', summary: 'text', content: 'text',
  user_text: 'text', assistant_text: 'text', token_count: 'int',
  created_at: 'timestamptz', global_position: 'bigint',
} as const;

const insertRecords = (tx: Queryable, rows: RecordRow[]) => {
  const contentOf = (row: RecordRow) => row.content ?? exchange(row.user_text!, row.assistant_text!);
  const input = asColumns(rows.map((row) => ({ ...row, token_count: countTokens(contentOf(row)) })), RECORD_COLUMNS);
  return tx.query(
    `INSERT INTO memory_records (user_id, record_id, session_id, project_id, source_id, source_title, provenance, record_type,
       sip_eligible, summary, content, user_text, assistant_text, token_count, created_at, global_position)
     SELECT user_id, record_id, session_id, project_id, source_id, source_title, provenance, 'FACTUAL', sip_eligible, summary,
       content, user_text, assistant_text, token_count, created_at, global_position
     FROM ${input.from}
     ON CONFLICT (user_id, record_id) DO NOTHING`,
    input.params,
  );
};

function roundRecord(r: RoundIngested['data'], global_position: string): RecordRow {
  return {
    user_id: r.user_id,
    record_id: r.round_id,
    session_id: r.session_id,
    project_id: r.project_id,
    provenance: 'ROUND',
    sip_eligible: true,
    summary: summarize(r.user_message, r.assistant_message),
    user_text: r.user_message,
    assistant_text: r.assistant_message,
    created_at: r.occurred_at ?? r.ingested_at,
    global_position,
  };
}

function generatedRecord(r: GeneratedStatementRecorded['data'], global_position: string): RecordRow {
  return {
    user_id: r.user_id,
    record_id: r.record_id,
    session_id: r.session_id,
    project_id: r.project_id,
    provenance: 'AI_GENERATED',
    sip_eligible: false,
    summary: summarize(r.assistant_message, ''),
    user_text: r.user_message,
    assistant_text: r.assistant_message,
    created_at: r.recorded_at,
    global_position,
  };
}

const isWrite = (type: string) => type === 'RoundIngested' || type === 'GeneratedStatementRecorded';

function recordsOf(events: readonly ProjectedEvent<'RoundIngested' | 'GeneratedStatementRecorded'>[]): RecordRow[] {
  // Straight from the event data: a JSON round trip of the whole batch cost more than the mapping itself.
  return events.map((event) => {
    const position = String(event.global_position);
    return event.type === 'RoundIngested' ? roundRecord(event.data, position) : generatedRecord(event.data, position);
  });
}

const sourceKey = (event: ProjectedEvent<'DocumentIngested'>) => `source\u0000${event.data.user_id}\u0000${event.data.source_id}`;

/** Stored documents: each source's newest version in the step replaces whatever an earlier version left. */
async function applyDocuments(tx: Queryable, events: readonly ProjectedEvent<'DocumentIngested'>[]): Promise<void> {
  const latest = lastPerKey(events, sourceKey);
  const docs = latest.map((event) => event.data);
  await tx.query(
    `DELETE FROM memory_records m USING unnest($1::text[], $2::text[]) AS d(user_id, source_id)
     WHERE m.user_id = d.user_id AND m.source_id = d.source_id`,
    [docs.map((doc) => doc.user_id), docs.map((doc) => doc.source_id)],
  );
  const chunks = latest.flatMap((event) => {
    const doc = event.data;
    return doc.chunks.map((chunk): RecordRow => ({
      user_id: doc.user_id,
      record_id: chunk.chunk_id,
      session_id: null,
      project_id: doc.project_id,
      source_id: doc.source_id,
      source_title: doc.title,
      provenance: 'DOCUMENT_VERIFIED',
      sip_eligible: true,
      summary: summarize(chunk.text, ''),
      content: chunk.text,
      created_at: doc.ingested_at,
      global_position: String(event.global_position),
    }));
  });
  if (chunks.length > 0) await insertRecords(tx, chunks);
}

const groupOf = (type: string) => {
  if (isWrite(type)) return 'write';
  if (type === 'SessionSoftDeleted' || type === 'SessionRestored') return 'visibility';
  return type;
};

export const memoryRecordsProjection = defineProjection({
  name: 'memory_records',
  version: 10,
  tables: ['memory_records', 'memory_token_totals'],
  schemaSql,
  indexSql,
  handles: ['RoundIngested', 'GeneratedStatementRecorded', 'DocumentIngested', 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged'],
  async apply(tx, events) {
    // Events touch only the records of their session (or, for documents, their source), so steps of many sessions
    // and sources apply as one statement per kind; rounds and generated statements insert distinct records and share one.
    const steps = stepsOf(events, { keyOf: (event) => (event.type === 'DocumentIngested' ? sourceKey(event) : `session\u0000${sessionKeyOf(event)}`), groupOf });
    for (const step of steps) {
      const group = groupOf(step[0]!.type);
      if (group === 'write') await insertRecords(tx, recordsOf(ofTypes(step, 'RoundIngested', 'GeneratedStatementRecorded')));
      else if (group === 'DocumentIngested') await applyDocuments(tx, ofTypes(step, 'DocumentIngested'));
      else if (group === 'visibility') await setSessionsHidden(tx, 'memory_records', ofTypes(step, 'SessionSoftDeleted', 'SessionRestored'));
      else await deleteSessions(tx, 'memory_records', ofTypes(step, 'SessionPurged'));
    }
  },
});
