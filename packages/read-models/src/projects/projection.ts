import { asColumns, type Queryable } from '@memctx/db';
import { defineProjection, type ProjectedEvent } from '@memctx/projections';
import { ofTypes, runsOf, sessionKeyOf } from '../events.js';

/*
 * session_count counts the project's sessions that are not soft-deleted;
 * source_count its active sources. project_sessions remembers which session
 * belongs where, so lifecycle events of a session can move the count.
 */
const schemaSql = `
CREATE TABLE projects (
  user_id text NOT NULL,
  project_id text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  session_count int NOT NULL DEFAULT 0,
  source_count int NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, project_id)
);
CREATE TABLE project_sources (
  user_id text NOT NULL,
  source_id text NOT NULL,
  project_id text NOT NULL,
  PRIMARY KEY (user_id, source_id)
);
CREATE TABLE project_sessions (
  user_id text NOT NULL,
  session_id text NOT NULL,
  project_id text NOT NULL,
  active boolean NOT NULL,
  PRIMARY KEY (user_id, session_id)
);
`;

const WRITES = ['RoundIngested', 'GeneratedStatementRecorded'] as const;
const OTHERS = ['ProjectCreated', 'ProjectRenamed', 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged', 'DocumentIngestRequested'] as const;
const HANDLES = [...WRITES, ...OTHERS];
type Write = (typeof WRITES)[number];
type Handled = (typeof HANDLES)[number];
const isWrite = (type: string) => (WRITES as readonly string[]).includes(type);

/**
 * The first write per session that names a project, in feed order: only those can attach a session. Picked here,
 * so the statement gets a few small rows instead of every round of the batch with its messages (at 50 rounds a
 * session, a fiftieth of the rows, and none of the text).
 */
function firstAttachments(events: readonly ProjectedEvent<Write>[]) {
  const firsts = new Map<string, { user_id: string; session_id: string; project_id: string; at: string }>();
  for (const event of events) {
    const { data } = event;
    const key = sessionKeyOf(event);
    if (data.project_id === null || firsts.has(key)) continue;
    const at = 'ingested_at' in data ? data.ingested_at : data.recorded_at;
    firsts.set(key, { user_id: data.user_id, session_id: data.session_id, project_id: data.project_id, at });
  }
  return [...firsts.values()];
}

const attachSessions = async (tx: Queryable, events: readonly ProjectedEvent<Write>[]) => {
  const firsts = firstAttachments(events);
  if (firsts.length === 0) return;
  const input = asColumns(firsts, { user_id: 'text', session_id: 'text', project_id: 'text', at: 'timestamptz' });
  await tx.query(
    `WITH firsts AS (SELECT user_id, session_id, project_id, at FROM ${input.from}),
     attached AS (
       INSERT INTO project_sessions (user_id, session_id, project_id, active)
       SELECT user_id, session_id, project_id, true FROM firsts
       ON CONFLICT DO NOTHING
       RETURNING user_id, session_id, project_id
     )
     UPDATE projects p SET session_count = p.session_count + a.n, updated_at = GREATEST(p.updated_at, a.at)
     FROM (
       SELECT a.user_id, a.project_id, count(*)::int AS n, max(f.at) AS at
       FROM attached a JOIN firsts f USING (user_id, session_id) GROUP BY a.user_id, a.project_id
     ) a
     WHERE p.user_id = a.user_id AND p.project_id = a.project_id`,
    input.params,
  );
};

async function applyOne(tx: Queryable, event: ProjectedEvent<Exclude<Handled, Write>>): Promise<void> {
  switch (event.type) {
    case 'ProjectCreated':
      await tx.query(
        `INSERT INTO projects (user_id, project_id, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT DO NOTHING`,
        [event.data.user_id, event.data.project_id, event.data.name, event.data.created_at],
      );
      return;
    case 'ProjectRenamed':
      await tx.query('UPDATE projects SET name = $3, updated_at = $4 WHERE user_id = $1 AND project_id = $2', [
        event.data.user_id, event.data.project_id, event.data.name, event.data.renamed_at,
      ]);
      return;
    case 'SessionSoftDeleted':
    case 'SessionRestored': {
      const active = event.type === 'SessionRestored';
      await tx.query(
        `WITH changed AS (
           UPDATE project_sessions SET active = $3 WHERE user_id = $1 AND session_id = $2 AND active <> $3 RETURNING project_id
         )
         UPDATE projects p SET session_count = p.session_count + $4 FROM changed c WHERE p.user_id = $1 AND p.project_id = c.project_id`,
        [event.data.user_id, event.data.session_id, active, active ? 1 : -1],
      );
      return;
    }
    case 'DocumentIngestRequested': {
      // A source counts once, from its first request; re-ingesting it is a new version, not a new source.
      if (!event.data.project_id) return;
      await tx.query(
        `WITH added AS (
           INSERT INTO project_sources (user_id, source_id, project_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING project_id
         )
         UPDATE projects p SET source_count = p.source_count + 1 FROM added a WHERE p.user_id = $1 AND p.project_id = a.project_id`,
        [event.data.user_id, event.data.source_id, event.data.project_id],
      );
      return;
    }
    case 'SessionPurged':
      await tx.query('DELETE FROM project_sessions WHERE user_id = $1 AND session_id = $2', [event.data.user_id, event.data.session_id]);
      return;
  }
}

export const projectsProjection = defineProjection({
  name: 'projects',
  version: 2,
  tables: ['projects', 'project_sessions', 'project_sources'],
  schemaSql,
  handles: HANDLES,
  async apply(tx, events) {
    // attachSessions reads both kinds of write alike, so a mixed run is one statement.
    for (const run of runsOf(events, (type) => (isWrite(type) ? 'write' : type))) {
      if (isWrite(run[0]!.type)) await attachSessions(tx, ofTypes(run, ...WRITES));
      else for (const event of ofTypes(run, ...OTHERS)) await applyOne(tx, event);
    }
  },
});
