import type { Queryable } from '@memctx/db';
import { defineProjection, type ProjectedEvent } from '@memctx/projections';
import { eventColumns, lastPerKey, ofTypes, sessionArrays, sessionKeyOf, stepsOf } from '../events.js';

export const TITLE_LENGTH = 80;
export const PREVIEW_LENGTH = 160;

const schemaSql = `
CREATE TABLE sessions (
  user_id text NOT NULL,
  session_id text NOT NULL,
  project_id text,
  title text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  last_message_preview text NOT NULL DEFAULT '',
  message_count int NOT NULL DEFAULT 0,
  is_archived boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  purge_after timestamptz,
  -- Position guard: an event at or below it was applied already (replays from Kafka are harmless).
  stream_position bigint NOT NULL,
  PRIMARY KEY (user_id, session_id)
);
CREATE TABLE session_messages (
  user_id text NOT NULL,
  session_id text NOT NULL,
  seq bigint NOT NULL,
  message_id text NOT NULL,
  role text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL,
  round_id text NOT NULL,
  records_used int NOT NULL DEFAULT 0,
  sip_text text NOT NULL DEFAULT '',
  -- The sessions sip_text quotes: purging any of them blanks it.
  sip_cited_sessions text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (user_id, session_id, seq)
);
CREATE TABLE session_sips (
  user_id text NOT NULL,
  session_id text NOT NULL,
  sip_text text NOT NULL,
  records_used int NOT NULL,
  cited_sessions text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (user_id, session_id)
);
`;

// Secondary indexes: a rebuild builds them after its bulk load.
const indexSql = `
CREATE INDEX sessions_active_by_user ON sessions (user_id, updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX sessions_purge_due ON sessions (purge_after) WHERE deleted_at IS NOT NULL;
`;

const ROUND_COLUMNS = {
  user_id: 'text', session_id: 'text', project_id: 'text', round_id: 'text', user_message: 'text', assistant_message: 'text',
  occurred_at: 'timestamptz', ingested_at: 'timestamptz', stream_position: 'bigint',
} as const;

/*
 * One round becomes two turns, user then assistant (an empty reply adds no
 * assistant turn). seq = stream position * 2 (+1 for the reply) keeps the
 * transcript in the order the rounds were written. The title is the first user
 * turn, the preview the newest turn. records_used and sip_text come from the SIP
 * built for the session since its previous round (session_sips) and land on the
 * reply of the next round only.
 */
const applyRounds = (tx: Queryable, events: readonly ProjectedEvent<'RoundIngested'>[]) => {
  const input = eventColumns(events, ROUND_COLUMNS);
  return tx.query(
    `WITH input AS (
       SELECT i.*, COALESCE(i.occurred_at, i.ingested_at) AS at
       FROM ${input.from}
       LEFT JOIN sessions s USING (user_id, session_id)
       WHERE s.stream_position IS NULL OR i.stream_position > s.stream_position
     ),
     turns AS (
       SELECT i.user_id, i.session_id, i.round_id, i.at, i.stream_position * 2 + t.k AS seq, t.role, t.content, t.k,
         i.stream_position = min(i.stream_position) OVER (PARTITION BY i.user_id, i.session_id) AS first_round
       FROM input i CROSS JOIN LATERAL (VALUES (0, 'user', i.user_message), (1, 'assistant', i.assistant_message)) AS t(k, role, content)
       WHERE t.k = 0 OR t.content <> ''
     ),
     inserted AS (
       INSERT INTO session_messages (user_id, session_id, seq, message_id, role, content, created_at, round_id, records_used, sip_text, sip_cited_sessions)
       SELECT t.user_id, t.session_id, t.seq, t.round_id || ':' || t.role, t.role, t.content, t.at, t.round_id,
         CASE WHEN t.k = 1 AND t.first_round THEN COALESCE(p.records_used, 0) ELSE 0 END,
         CASE WHEN t.k = 1 AND t.first_round THEN COALESCE(p.sip_text, '') ELSE '' END,
         CASE WHEN t.k = 1 AND t.first_round THEN COALESCE(p.cited_sessions, '{}') ELSE '{}' END
       FROM turns t LEFT JOIN session_sips p USING (user_id, session_id)
       ON CONFLICT DO NOTHING
       RETURNING user_id, session_id, seq, content, created_at
     ),
     per_session AS (
       SELECT user_id, session_id, count(*)::int AS added,
         (array_agg(content ORDER BY seq DESC))[1] AS preview,
         (array_agg(content ORDER BY seq))[1] AS first_content,
         min(created_at) AS first_at, max(created_at) AS last_at
       FROM inserted GROUP BY user_id, session_id
     ),
     positions AS (
       SELECT user_id, session_id, max(stream_position) AS stream_position,
         (array_agg(project_id ORDER BY stream_position) FILTER (WHERE project_id IS NOT NULL))[1] AS project_id
       FROM input GROUP BY user_id, session_id
     )
     INSERT INTO sessions AS s (user_id, session_id, project_id, title, created_at, updated_at, last_message_preview, message_count, stream_position)
     SELECT p.user_id, p.session_id, p.project_id, left(regexp_replace(c.first_content, '\\s+', ' ', 'g'), ${TITLE_LENGTH}),
       c.first_at, c.last_at, left(c.preview, ${PREVIEW_LENGTH}), c.added, p.stream_position
     FROM positions p JOIN per_session c USING (user_id, session_id)
     ON CONFLICT (user_id, session_id) DO UPDATE SET
       project_id = COALESCE(s.project_id, EXCLUDED.project_id),
       title = CASE WHEN s.title = '' THEN EXCLUDED.title ELSE s.title END,
       updated_at = GREATEST(s.updated_at, EXCLUDED.updated_at),
       last_message_preview = EXCLUDED.last_message_preview,
       message_count = s.message_count + EXCLUDED.message_count,
       stream_position = GREATEST(s.stream_position, EXCLUDED.stream_position)`,
    input.params,
  );
};

/**
 * A SIP shapes only the next round of its session: once used, it is gone. The sessions go as key arrays: re-reading
 * the rounds' JSON (messages and all) just for two keys would parse every message a second time.
 */
const consumeSips = (tx: Queryable, events: readonly ProjectedEvent<'RoundIngested'>[]) =>
  tx.query(
    `DELETE FROM session_sips p USING unnest($1::text[], $2::text[]) AS i(user_id, session_id)
     WHERE p.user_id = i.user_id AND p.session_id = i.session_id`,
    sessionArrays(events),
  );

/** A generated statement creates the session when it is the first write, but adds no transcript turn. */
const GENERATED_COLUMNS = { user_id: 'text', session_id: 'text', project_id: 'text', recorded_at: 'timestamptz', stream_position: 'bigint' } as const;

const applyGenerated = (tx: Queryable, events: readonly ProjectedEvent<'GeneratedStatementRecorded'>[]) => {
  const input = eventColumns(events, GENERATED_COLUMNS);
  return tx.query(
    `INSERT INTO sessions AS s (user_id, session_id, project_id, created_at, updated_at, stream_position)
     SELECT user_id, session_id, (array_agg(project_id ORDER BY stream_position) FILTER (WHERE project_id IS NOT NULL))[1],
       min(recorded_at), max(recorded_at), max(stream_position)
     FROM ${input.from}
     GROUP BY user_id, session_id
     ON CONFLICT (user_id, session_id) DO UPDATE SET
       project_id = COALESCE(s.project_id, EXCLUDED.project_id),
       updated_at = GREATEST(s.updated_at, EXCLUDED.updated_at),
       stream_position = GREATEST(s.stream_position, EXCLUDED.stream_position)
     WHERE EXCLUDED.stream_position > s.stream_position`,
    input.params,
  );
};


/*
 * Soft deletes and restores of a step: each sets the deleted state and moves the
 * position guard, and a session's events come in increasing position, so its
 * last one decides (if it fails the guard, so did the earlier ones).
 */
const applyVisibility = (tx: Queryable, events: readonly ProjectedEvent<'SessionSoftDeleted' | 'SessionRestored'>[]) => {
  const last = lastPerKey(events, sessionKeyOf);
  const deletion = (event: (typeof last)[number]) => (event.type === 'SessionSoftDeleted' ? event.data : undefined);
  return tx.query(
    `UPDATE sessions s SET deleted_at = i.deleted_at, purge_after = i.purge_after, stream_position = i.stream_position
     FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::bigint[]) AS i(user_id, session_id, deleted_at, purge_after, stream_position)
     WHERE s.user_id = i.user_id AND s.session_id = i.session_id AND s.stream_position < i.stream_position`,
    [
      last.map((event) => event.data.user_id),
      last.map((event) => event.data.session_id),
      last.map((event) => deletion(event)?.deleted_at ?? null),
      last.map((event) => deletion(event)?.purge_after ?? null),
      last.map((event) => String(event.stream_position)),
    ],
  );
};

/** Purged sessions lose their rows; other sessions' SIPs quoting them lose their text too, as a replay reads it once the key is destroyed. */
async function applyPurges(tx: Queryable, events: readonly ProjectedEvent<'SessionPurged'>[]): Promise<void> {
  const params = sessionArrays(events);
  const purged = 'unnest($1::text[], $2::text[]) AS p(user_id, session_id)';
  const own = 't.user_id = p.user_id AND t.session_id = p.session_id';
  await tx.query(`DELETE FROM session_messages t USING ${purged} WHERE ${own}`, params);
  await tx.query(`DELETE FROM sessions t USING ${purged} WHERE ${own}`, params);
  await tx.query(`DELETE FROM session_sips t USING ${purged} WHERE ${own}`, params);
  await tx.query(
    `UPDATE session_messages t SET sip_text = '' FROM ${purged}
     WHERE t.user_id = p.user_id AND p.session_id = ANY(t.sip_cited_sessions) AND t.sip_text <> ''`,
    params,
  );
  await tx.query(`UPDATE session_sips t SET sip_text = '' FROM ${purged} WHERE t.user_id = p.user_id AND p.session_id = ANY(t.cited_sessions)`, params);
}

/** The SIP built for a session: kept even before its first round, so that round's reply records the SIP that shaped it. A newer one replaces it. */
const applySips = (tx: Queryable, events: readonly SessionSip[]) => {
  const sips = lastPerKey(events, sessionKeyOf).map((event) => event.data);
  return tx.query(
    `INSERT INTO session_sips (user_id, session_id, sip_text, records_used, cited_sessions)
     SELECT user_id, session_id, sip_text, records_used, ARRAY(SELECT jsonb_array_elements_text(cited_sessions))
     FROM jsonb_to_recordset($1::jsonb) AS i(user_id text, session_id text, sip_text text, records_used int, cited_sessions jsonb)
     ON CONFLICT (user_id, session_id) DO UPDATE SET
       sip_text = EXCLUDED.sip_text, records_used = EXCLUDED.records_used, cited_sessions = EXCLUDED.cited_sessions`,
    [
      JSON.stringify(
        sips.map((sip) => ({
          user_id: sip.user_id, session_id: sip.session_id, sip_text: sip.sip_text, records_used: sip.records_used,
          cited_sessions: sip.cited_session_ids ?? [],
        })),
      ),
    ],
  );
};

/** A SIP built for a session (most are; one built for no session changes nothing here). */
type SessionSip = ProjectedEvent<'SipBuilt'> & { data: { session_id: string } };
const HANDLES = ['RoundIngested', 'GeneratedStatementRecorded', 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged', 'SipBuilt'] as const;
type Handled = Exclude<ProjectedEvent<(typeof HANDLES)[number]>, ProjectedEvent<'SipBuilt'>> | SessionSip;

const isRelevant = (event: ProjectedEvent<(typeof HANDLES)[number]>): event is Handled =>
  event.type !== 'SipBuilt' || event.data.session_id !== null;
const isSessionSip = (event: Handled): event is SessionSip => event.type === 'SipBuilt';

export const sessionsProjection = defineProjection({
  name: 'sessions',
  version: 3,
  tables: ['sessions', 'session_messages', 'session_sips'],
  schemaSql,
  indexSql,
  handles: HANDLES,
  async apply(tx, events) {
    // A SIP built for no session changes nothing here.
    const relevant = events.filter(isRelevant);
    // Each event touches its own session's rows, except a purge (it blanks SIPs quoting the session): steps of
    // many sessions apply as one statement per kind, and purges cut the batch.
    const steps = stepsOf(relevant, {
      keyOf: sessionKeyOf,
      groupOf: (type) => (type === 'SessionSoftDeleted' || type === 'SessionRestored' ? 'visibility' : type),
      isBarrier: (event) => event.type === 'SessionPurged',
    });
    for (const step of steps) {
      switch (step[0]!.type) {
        case 'RoundIngested': {
          const rounds = ofTypes(step, 'RoundIngested');
          await applyRounds(tx, rounds);
          await consumeSips(tx, rounds);
          break;
        }
        case 'GeneratedStatementRecorded':
          await applyGenerated(tx, ofTypes(step, 'GeneratedStatementRecorded'));
          break;
        case 'SipBuilt':
          await applySips(tx, step.filter(isSessionSip));
          break;
        case 'SessionPurged':
          await applyPurges(tx, ofTypes(step, 'SessionPurged'));
          break;
        default:
          await applyVisibility(tx, ofTypes(step, 'SessionSoftDeleted', 'SessionRestored'));
      }
    }
  },
});
