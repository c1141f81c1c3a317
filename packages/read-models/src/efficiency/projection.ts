import type { Queryable } from '@memctx/db';
import { defineProjection, type ProjectedEvent } from '@memctx/projections';
import { eventColumns, ofTypes, runsOf } from '../events.js';

/*
 * One row per SIP build with its token figures, for the efficiency dashboard.
 * A build made for a session is hidden with that session and purged with it,
 * like everything else the session produced.
 */
const schemaSql = `
CREATE TABLE sip_builds (
  user_id text NOT NULL,
  build_id text NOT NULL,
  project_id text,
  session_id text,
  built_at timestamptz NOT NULL,
  records_used int NOT NULL,
  tokens_sip int NOT NULL,
  tokens_baseline bigint NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  global_position bigint NOT NULL,
  PRIMARY KEY (user_id, build_id)
);
CREATE INDEX sip_builds_window ON sip_builds (user_id, built_at) WHERE NOT hidden;
CREATE INDEX sip_builds_session ON sip_builds (user_id, session_id) WHERE session_id IS NOT NULL;
`;

const BUILD_COLUMNS = {
  user_id: 'text', build_id: 'text', project_id: 'text', session_id: 'text', built_at: 'timestamptz', records_used: 'int',
  tokens_sip: 'int', tokens_baseline: 'bigint', global_position: 'bigint',
} as const;

const insertBuilds = (tx: Queryable, events: readonly ProjectedEvent<'SipBuilt'>[]) => {
  const input = eventColumns(events, BUILD_COLUMNS);
  return tx.query(
    `INSERT INTO sip_builds (user_id, build_id, project_id, session_id, built_at, records_used, tokens_sip, tokens_baseline, global_position)
     SELECT user_id, build_id, project_id, session_id, built_at, records_used, tokens_sip, tokens_baseline, global_position
     FROM ${input.from}
     ON CONFLICT DO NOTHING`,
    input.params,
  );
};

async function applyLifecycle(tx: Queryable, event: ProjectedEvent<'SessionSoftDeleted' | 'SessionRestored' | 'SessionPurged'>): Promise<void> {
  const { user_id, session_id } = event.data;
  if (event.type === 'SessionPurged') {
    await tx.query('DELETE FROM sip_builds WHERE user_id = $1 AND session_id = $2', [user_id, session_id]);
    return;
  }
  await tx.query('UPDATE sip_builds SET hidden = $3 WHERE user_id = $1 AND session_id = $2', [user_id, session_id, event.type === 'SessionSoftDeleted']);
}

export const efficiencyProjection = defineProjection({
  name: 'efficiency',
  version: 1,
  tables: ['sip_builds'],
  schemaSql,
  handles: ['SipBuilt', 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged'],
  async apply(tx, events) {
    for (const run of runsOf(events)) {
      if (run[0]!.type === 'SipBuilt') await insertBuilds(tx, ofTypes(run, 'SipBuilt'));
      else for (const event of ofTypes(run, 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged')) await applyLifecycle(tx, event);
    }
  },
});
