import type { Queryable } from '@memctx/db';
import type { RecordedEvent } from '@memctx/event-store';
import { defineProjection } from '@memctx/projections';
import { rowsOf, runsOf } from '../events.js';

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
CREATE INDEX activity_items_newest ON activity_items (user_id, occurred_at DESC, global_position DESC) WHERE NOT hidden;
CREATE INDEX activity_items_session ON activity_items (user_id, session_id);
`;

const clip = `left(regexp_replace(i.text, '\\s+', ' ', 'g'), ${ACTIVITY_SUMMARY_LENGTH})`;

const insertItems = (tx: Queryable, events: readonly RecordedEvent[], type: string, refColumn: string, textColumn: string, atColumn: string) =>
  tx.query(
    `INSERT INTO activity_items (user_id, global_position, type, ref_id, project_id, session_id, summary, occurred_at)
     SELECT i.user_id, i.global_position, $2, i.ref_id, i.project_id, i.session_id, ${clip}, i.at::timestamptz
     FROM (
       SELECT r->>'user_id' AS user_id, (r->>'global_position')::bigint AS global_position, r->>'${refColumn}' AS ref_id,
         r->>'project_id' AS project_id, r->>'session_id' AS session_id, COALESCE(r->>'${textColumn}', '') AS text, r->>'${atColumn}' AS at
       FROM jsonb_array_elements($1::jsonb) AS r
     ) i
     ON CONFLICT DO NOTHING`,
    [rowsOf(events), type],
  );

async function applySessionLifecycle(tx: Queryable, event: RecordedEvent): Promise<void> {
  const { user_id, session_id } = event.data as { user_id: string; session_id: string };
  if (event.type === 'SessionPurged') {
    await tx.query('DELETE FROM activity_items WHERE user_id = $1 AND session_id = $2', [user_id, session_id]);
    return;
  }
  await tx.query('UPDATE activity_items SET hidden = $3 WHERE user_id = $1 AND session_id = $2', [
    user_id, session_id, event.type === 'SessionSoftDeleted',
  ]);
}

export const activityProjection = defineProjection({
  name: 'activity',
  version: 1,
  tables: ['activity_items'],
  schemaSql,
  handles: ['RoundIngested', 'GeneratedStatementRecorded', 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged'],
  async apply(tx, events) {
    for (const run of runsOf(events)) {
      const type = run[0]!.type;
      if (type === 'RoundIngested') await insertItems(tx, run, 'round_ingested', 'round_id', 'user_message', 'ingested_at');
      else if (type === 'GeneratedStatementRecorded') await insertItems(tx, run, 'statement_generated', 'record_id', 'assistant_message', 'recorded_at');
      else for (const event of run) await applySessionLifecycle(tx, event);
    }
  },
});
