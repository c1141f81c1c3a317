import type { Queryable } from '@memctx/db';
import type { RecordedEvent } from '@memctx/event-store';
import { defineProjection } from '@memctx/projections';
import { rowsOf, runsOf } from '../events.js';

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
CREATE INDEX sessions_active_by_user ON sessions (user_id, updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX sessions_purge_due ON sessions (purge_after) WHERE deleted_at IS NOT NULL;
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

/*
 * One round becomes two turns, user then assistant (an empty reply adds no
 * assistant turn). seq = stream position * 2 (+1 for the reply) keeps the
 * transcript in the order the rounds were written. The title is the first user
 * turn, the preview the newest turn. records_used and sip_text come from the SIP
 * built for the session since its previous round (session_sips) and land on the
 * reply of the next round only.
 */
const applyRounds = (tx: Queryable, events: readonly RecordedEvent[]) =>
  tx.query(
    `WITH input AS (
       SELECT i.*, COALESCE(i.occurred_at, i.ingested_at)::timestamptz AS at
       FROM jsonb_to_recordset($1::jsonb) AS i(user_id text, session_id text, project_id text, round_id text,
         user_message text, assistant_message text, occurred_at text, ingested_at text, stream_position bigint)
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
    [rowsOf(events)],
  );

/** A SIP shapes only the next round of its session: once used, it is gone. */
const consumeSips = (tx: Queryable, events: readonly RecordedEvent[]) =>
  tx.query(
    `DELETE FROM session_sips p USING (
       SELECT DISTINCT user_id, session_id FROM jsonb_to_recordset($1::jsonb) AS i(user_id text, session_id text)
     ) i WHERE p.user_id = i.user_id AND p.session_id = i.session_id`,
    [rowsOf(events)],
  );

/** A generated statement creates the session when it is the first write, but adds no transcript turn. */
const applyGenerated = (tx: Queryable, events: readonly RecordedEvent[]) =>
  tx.query(
    `INSERT INTO sessions AS s (user_id, session_id, project_id, created_at, updated_at, stream_position)
     SELECT user_id, session_id, (array_agg(project_id ORDER BY stream_position) FILTER (WHERE project_id IS NOT NULL))[1],
       min(recorded_at::timestamptz), max(recorded_at::timestamptz), max(stream_position)
     FROM jsonb_to_recordset($1::jsonb) AS i(user_id text, session_id text, project_id text, recorded_at text, stream_position bigint)
     GROUP BY user_id, session_id
     ON CONFLICT (user_id, session_id) DO UPDATE SET
       project_id = COALESCE(s.project_id, EXCLUDED.project_id),
       updated_at = GREATEST(s.updated_at, EXCLUDED.updated_at),
       stream_position = GREATEST(s.stream_position, EXCLUDED.stream_position)
     WHERE EXCLUDED.stream_position > s.stream_position`,
    [rowsOf(events)],
  );

async function applyLifecycle(tx: Queryable, event: RecordedEvent): Promise<void> {
  const data = event.data as { user_id: string; session_id: string; deleted_at?: string; purge_after?: string; restored_at?: string };
  const key = [data.user_id, data.session_id, event.stream_position];
  const guard = 'user_id = $1 AND session_id = $2 AND stream_position < $3';
  switch (event.type) {
    case 'SessionSoftDeleted':
      await tx.query(`UPDATE sessions SET deleted_at = $4, purge_after = $5, stream_position = $3 WHERE ${guard}`, [
        ...key, data.deleted_at, data.purge_after,
      ]);
      return;
    case 'SessionRestored':
      await tx.query(`UPDATE sessions SET deleted_at = NULL, purge_after = NULL, stream_position = $3 WHERE ${guard}`, key);
      return;
    case 'SessionPurged':
      await tx.query('DELETE FROM session_messages WHERE user_id = $1 AND session_id = $2', [data.user_id, data.session_id]);
      // The row is kept as a tombstone-free restart point only through its position guard; content is gone.
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND session_id = $2', [data.user_id, data.session_id]);
      await tx.query('DELETE FROM session_sips WHERE user_id = $1 AND session_id = $2', [data.user_id, data.session_id]);
      // Other sessions' SIPs quoting this one lose their text too, as a replay reads it once the key is destroyed.
      await tx.query(`UPDATE session_messages SET sip_text = '' WHERE user_id = $1 AND $2 = ANY(sip_cited_sessions) AND sip_text <> ''`, [data.user_id, data.session_id]);
      await tx.query(`UPDATE session_sips SET sip_text = '' WHERE user_id = $1 AND $2 = ANY(cited_sessions)`, [data.user_id, data.session_id]);
      return;
    case 'SipBuilt': {
      const sip = event.data as { user_id: string; session_id: string | null; sip_text?: string; records_used: number; cited_session_ids?: string[] };
      if (!sip.session_id) return;
      // Kept even before the session's first round, so that round's reply records the SIP that shaped it.
      await tx.query(
        `INSERT INTO session_sips (user_id, session_id, sip_text, records_used, cited_sessions)
         VALUES ($1, $2, $3, $4, ARRAY(SELECT jsonb_array_elements_text($5::jsonb)))
         ON CONFLICT (user_id, session_id) DO UPDATE SET
           sip_text = EXCLUDED.sip_text, records_used = EXCLUDED.records_used, cited_sessions = EXCLUDED.cited_sessions`,
        [sip.user_id, sip.session_id, sip.sip_text ?? '', sip.records_used, JSON.stringify(sip.cited_session_ids ?? [])],
      );
      return;
    }
  }
}

export const sessionsProjection = defineProjection({
  name: 'sessions',
  version: 3,
  tables: ['sessions', 'session_messages', 'session_sips'],
  schemaSql,
  handles: ['RoundIngested', 'GeneratedStatementRecorded', 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged', 'SipBuilt'],
  async apply(tx, events) {
    for (const run of runsOf(events)) {
      if (run[0]!.type === 'RoundIngested') {
        await applyRounds(tx, run);
        await consumeSips(tx, run);
      }
      else if (run[0]!.type === 'GeneratedStatementRecorded') await applyGenerated(tx, run);
      else for (const event of run) await applyLifecycle(tx, event);
    }
  },
});
