import type { Queryable } from '@memctx/db';
import type { RecordedEvent } from '@memctx/event-store';
import { defineProjection } from '@memctx/projections';
import { deleteSessions, rowsOf, setSessionsHidden, stepsOf } from '../events.js';

export const ACTIVITY_SUMMARY_LENGTH = 140;

/*
 * The dashboard's newest-first feed. Item types: round_ingested,
 * statement_generated (records), source_* (sources), sip_built (builds).
 * Items of a soft-deleted session are hidden with it and purged with it.
 */
const schemaSql = `
CREATE TABLE activity_items (
  user_id text NOT NULL,
  global_position bigint NOT NULL,
  type text NOT NULL,
  ref_id text NOT NULL,
  project_id text,
  session_id text,
  summary text NOT NULL,
  occurred_at timestamptz NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, global_position)
);
-- Lifecycle events find a session's items by it (a rebuild needs it while it loads).
CREATE INDEX activity_items_session ON activity_items (user_id, session_id);
`;

// Secondary indexes: a rebuild builds them after its bulk load.
const indexSql = `
CREATE INDEX activity_items_newest ON activity_items (user_id, occurred_at DESC, global_position DESC) WHERE NOT hidden;
`;

const clip = `left(regexp_replace(i.text, '\\s+', ' ', 'g'), ${ACTIVITY_SUMMARY_LENGTH})`;

// Per record-writing event type: the item type and which fields name it, summarize it and date it.
type Row = Record<string, string>;
const ITEM_FIELDS: Record<string, { type: string; ref: string; text: (r: Row) => string | undefined; at: string }> = {
  RoundIngested: { type: 'round_ingested', ref: 'round_id', text: (r) => r.user_message, at: 'ingested_at' },
  GeneratedStatementRecorded: { type: 'statement_generated', ref: 'record_id', text: (r) => r.assistant_message, at: 'recorded_at' },
  SipBuilt: {
    type: 'sip_built',
    ref: 'build_id',
    text: (r) => `SIP built from ${r.records_used} records: ${r.tokens_sip} tokens instead of ${r.tokens_baseline}`,
    at: 'built_at',
  },
  DocumentIngestRequested: { type: 'source_requested', ref: 'source_id', text: (r) => `Fetching ${r.external_id} from ${r.connector_type}`, at: 'requested_at' },
  DocumentIngested: { type: 'source_ingested', ref: 'source_id', text: (r) => `Stored "${r.title}" (${(r.chunks as unknown as unknown[]).length} chunks)`, at: 'ingested_at' },
  DocumentIngestFailed: { type: 'source_failed', ref: 'source_id', text: (r) => `Ingest failed: ${r.reason}`, at: 'failed_at' },
};

const insertItems = (tx: Queryable, events: readonly RecordedEvent[]) => {
  const rows: Row[] = JSON.parse(rowsOf(events));
  const items = rows.map((r, i) => {
    const fields = ITEM_FIELDS[events[i]!.type]!;
    return {
      user_id: r.user_id, global_position: r.global_position, type: fields.type, ref_id: r[fields.ref],
      project_id: r.project_id, session_id: r.session_id, text: fields.text(r) ?? '', at: r[fields.at],
    };
  });
  return tx.query(
    `INSERT INTO activity_items (user_id, global_position, type, ref_id, project_id, session_id, summary, occurred_at)
     SELECT i.user_id, i.global_position, i.type, i.ref_id, i.project_id, i.session_id, ${clip}, i.at::timestamptz
     FROM jsonb_to_recordset($1::jsonb) AS i(user_id text, global_position bigint, type text, ref_id text, project_id text,
       session_id text, text text, at text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(items)],
  );
};

// A type literal, not an interface: event data (a JSON object) converts to it.
type SessionKeyed = {
  user_id: string;
  session_id: string | null;
};

const sessionKey = (event: RecordedEvent) => {
  const { user_id, session_id } = event.data as SessionKeyed;
  return `${user_id}\u0000${session_id ?? ''}`;
};

const groupOf = (type: string) => {
  if (type in ITEM_FIELDS) return 'item';
  return type === 'SessionPurged' ? 'purge' : 'visibility';
};

export const activityProjection = defineProjection({
  name: 'activity',
  version: 2,
  tables: ['activity_items'],
  schemaSql,
  indexSql,
  handles: [...Object.keys(ITEM_FIELDS), 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged'],
  async apply(tx, events) {
    // Items of different events never collide (keyed by feed position) and lifecycle events touch only their
    // session's items, so steps of many sessions apply as one statement per kind (items of no session share a key:
    // no lifecycle event names them).
    for (const step of stepsOf(events, { keyOf: sessionKey, groupOf })) {
      const group = groupOf(step[0]!.type);
      if (group === 'item') await insertItems(tx, step);
      else if (group === 'visibility') await setSessionsHidden(tx, 'activity_items', step);
      else await deleteSessions(tx, 'activity_items', step);
    }
  },
});
