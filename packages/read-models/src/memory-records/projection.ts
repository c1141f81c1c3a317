import type { Queryable } from '@memctx/db';
import type { RecordedEvent } from '@memctx/event-store';
import { defineProjection } from '@memctx/projections';
import { rowsOf, runsOf } from '../events.js';

export const SUMMARY_LENGTH = 300;
export const EMBEDDING_DIMENSIONS = 384;

/*
 * Provenance and eligibility rules of the spec, decided once here:
 * - a round is one ROUND record, FACTUAL and SIP_ELIGIBLE; `embed_text` is the
 *   user-side text (what retrieval embeds), `content` the full exchange;
 * - a generated statement is one AI_GENERATED record, never SIP_ELIGIBLE: it may
 *   only surface as an uncertain hypothesis.
 * Records of a soft-deleted session stay in place with `hidden` set, so a
 * restore brings them back without re-running anything; a purge deletes them.
 */
const schemaSql = `
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
  content text NOT NULL,
  embed_text text NOT NULL,
  created_at timestamptz NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  global_position bigint NOT NULL,
  search tsvector GENERATED ALWAYS AS (to_tsvector('english', embed_text)) STORED,
  embedding vector(${EMBEDDING_DIMENSIONS}),
  PRIMARY KEY (user_id, record_id)
);
CREATE INDEX memory_records_scope ON memory_records (user_id, project_id, created_at DESC) WHERE NOT hidden;
CREATE INDEX memory_records_session ON memory_records (user_id, session_id);
CREATE INDEX memory_records_search ON memory_records USING gin (search);
CREATE INDEX memory_records_provenance ON memory_records (user_id, provenance) WHERE NOT hidden;
`;

function summarize(userMessage: string, assistantMessage: string): string {
  const text = assistantMessage ? `${userMessage} → ${assistantMessage}` : userMessage;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_LENGTH ? `${flat.slice(0, SUMMARY_LENGTH - 1)}…` : flat;
}

function exchange(userMessage: string, assistantMessage: string): string {
  return assistantMessage ? `User: ${userMessage}\nAssistant: ${assistantMessage}` : `User: ${userMessage}`;
}

const insertRecords = (tx: Queryable, rows: object[]) =>
  tx.query(
    `INSERT INTO memory_records (user_id, record_id, session_id, project_id, provenance, record_type, sip_eligible,
       summary, content, embed_text, created_at, global_position)
     SELECT user_id, record_id, session_id, project_id, provenance, 'FACTUAL', sip_eligible, summary, content, embed_text,
       created_at::timestamptz, global_position
     FROM jsonb_to_recordset($1::jsonb) AS i(user_id text, record_id text, session_id text, project_id text, provenance text,
       sip_eligible boolean, summary text, content text, embed_text text, created_at text, global_position bigint)
     ON CONFLICT (user_id, record_id) DO NOTHING`,
    [JSON.stringify(rows)],
  );

type EventRow = Record<string, string>;

function roundRecord(r: EventRow): object {
  return {
    user_id: r.user_id,
    record_id: r.round_id,
    session_id: r.session_id,
    project_id: r.project_id,
    provenance: 'ROUND',
    sip_eligible: true,
    summary: summarize(r.user_message!, r.assistant_message!),
    content: exchange(r.user_message!, r.assistant_message!),
    embed_text: r.user_message,
    created_at: r.client_timestamp ?? r.ingested_at,
    global_position: r.global_position,
  };
}

function generatedRecord(r: EventRow): object {
  return {
    user_id: r.user_id,
    record_id: r.record_id,
    session_id: r.session_id,
    project_id: r.project_id,
    provenance: 'AI_GENERATED',
    sip_eligible: false,
    summary: summarize(r.assistant_message!, ''),
    content: exchange(r.user_message!, r.assistant_message!),
    embed_text: r.assistant_message,
    created_at: r.recorded_at,
    global_position: r.global_position,
  };
}

const isWrite = (type: string) => type === 'RoundIngested' || type === 'GeneratedStatementRecorded';

function recordsOf(events: readonly RecordedEvent[]): object[] {
  const rows: EventRow[] = JSON.parse(rowsOf(events));
  return rows.map((row, i) => (events[i]!.type === 'RoundIngested' ? roundRecord(row) : generatedRecord(row)));
}

async function applyLifecycle(tx: Queryable, event: RecordedEvent): Promise<void> {
  const { user_id, session_id } = event.data as { user_id: string; session_id: string };
  if (event.type === 'SessionPurged') {
    await tx.query('DELETE FROM memory_records WHERE user_id = $1 AND session_id = $2', [user_id, session_id]);
    return;
  }
  const hidden = event.type === 'SessionSoftDeleted';
  await tx.query('UPDATE memory_records SET hidden = $3 WHERE user_id = $1 AND session_id = $2 AND hidden <> $3', [
    user_id, session_id, hidden,
  ]);
}

export const memoryRecordsProjection = defineProjection({
  name: 'memory_records',
  version: 1,
  tables: ['memory_records'],
  schemaSql,
  handles: ['RoundIngested', 'GeneratedStatementRecorded', 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged'],
  async apply(tx, events) {
    // Rounds and generated statements insert distinct records, so a mixed run is one INSERT.
    for (const run of runsOf(events, (type) => (isWrite(type) ? 'write' : type))) {
      if (isWrite(run[0]!.type)) await insertRecords(tx, recordsOf(run));
      else for (const event of run) await applyLifecycle(tx, event);
    }
  },
});
