import type { ActivityType } from '@memctx/contracts/vocabulary';
import { asColumns, type Queryable } from '@memctx/db';
import { defineProjection, type ProjectedEvent } from '@memctx/projections';
import { oneLine } from '@memctx/shared';
import { deleteSessions, ofTypes, setSessionsHidden, stepsOf } from '../events.js';

export const ACTIVITY_SUMMARY_LENGTH = 140;

/*
 * The dashboard's newest-first feed (item types: ACTIVITY_TYPES of the contracts).
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

// Event types that add an item to the feed; lifecycle events hide or delete a session's items.
const ITEM_TYPES = ['RoundIngested', 'GeneratedStatementRecorded', 'SipBuilt', 'DocumentIngestRequested', 'DocumentIngested', 'DocumentIngestFailed'] as const;
const LIFECYCLE_TYPES = ['SessionSoftDeleted', 'SessionRestored', 'SessionPurged'] as const;
type ItemEvent = ProjectedEvent<(typeof ITEM_TYPES)[number]>;

/** Documents belong to no session; every other item names one (a SIP built for no session: null). */
const sessionIdOf = (event: ProjectedEvent<(typeof ITEM_TYPES)[number] | (typeof LIFECYCLE_TYPES)[number]>) =>
  'session_id' in event.data ? event.data.session_id : null;

/** The item an event adds: its type, which field names it, its summary text and its time. */
function itemOf(event: ItemEvent) {
  const item = (type: ActivityType, ref_id: string, text: string, at: string) => ({
    user_id: event.data.user_id, global_position: event.global_position, type, ref_id, project_id: event.data.project_id,
    session_id: sessionIdOf(event), summary: oneLine(text, ACTIVITY_SUMMARY_LENGTH), at,
  });
  switch (event.type) {
    case 'RoundIngested':
      return item('round_ingested', event.data.round_id, event.data.user_message, event.data.ingested_at);
    case 'GeneratedStatementRecorded':
      return item('statement_generated', event.data.record_id, event.data.assistant_message, event.data.recorded_at);
    case 'SipBuilt': {
      const d = event.data;
      return item('sip_built', d.build_id, `SIP built from ${d.records_used} records: ${d.tokens_sip} tokens instead of ${d.tokens_baseline}`, d.built_at);
    }
    case 'DocumentIngestRequested':
      return item('source_requested', event.data.source_id, `Fetching ${event.data.external_id} from ${event.data.connector_type}`, event.data.requested_at);
    case 'DocumentIngested':
      return item('source_ingested', event.data.source_id, `Stored "${event.data.title}" (${event.data.chunks.length} chunks)`, event.data.ingested_at);
    case 'DocumentIngestFailed':
      return item('source_failed', event.data.source_id, `Ingest failed: ${event.data.reason}`, event.data.failed_at);
  }
}

const ITEM_COLUMNS = {
  user_id: 'text', global_position: 'bigint', type: 'text', ref_id: 'text', project_id: 'text', session_id: 'text', summary: 'text',
  at: 'timestamptz',
} as const;

const insertItems = (tx: Queryable, events: readonly ItemEvent[]) => {
  const input = asColumns(events.map(itemOf), ITEM_COLUMNS);
  return tx.query(
    `INSERT INTO activity_items (user_id, global_position, type, ref_id, project_id, session_id, summary, occurred_at)
     SELECT user_id, global_position, type, ref_id, project_id, session_id, summary, at
     FROM ${input.from}
     ON CONFLICT DO NOTHING`,
    input.params,
  );
};

const sessionKey = (event: Parameters<typeof sessionIdOf>[0]) => `${event.data.user_id}\u0000${sessionIdOf(event) ?? ''}`;

const groupOf = (type: string) => {
  if ((ITEM_TYPES as readonly string[]).includes(type)) return 'item';
  return type === 'SessionPurged' ? 'purge' : 'visibility';
};

export const activityProjection = defineProjection({
  name: 'activity',
  version: 2,
  tables: ['activity_items'],
  schemaSql,
  indexSql,
  handles: [...ITEM_TYPES, ...LIFECYCLE_TYPES],
  async apply(tx, events) {
    // Items of different events never collide (keyed by feed position) and lifecycle events touch only their
    // session's items, so steps of many sessions apply as one statement per kind (items of no session share a key:
    // no lifecycle event names them).
    for (const step of stepsOf(events, { keyOf: sessionKey, groupOf })) {
      const group = groupOf(step[0]!.type);
      if (group === 'item') await insertItems(tx, ofTypes(step, ...ITEM_TYPES));
      else if (group === 'visibility') await setSessionsHidden(tx, 'activity_items', ofTypes(step, 'SessionSoftDeleted', 'SessionRestored'));
      else await deleteSessions(tx, 'activity_items', ofTypes(step, 'SessionPurged'));
    }
  },
});
