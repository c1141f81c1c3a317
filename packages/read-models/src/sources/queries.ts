import type { Provenance } from '@memctx/contracts/vocabulary';
import type { Queryable } from '@memctx/db';

export interface ProjectSource {
  id: string;
  external_id: string;
  title: string;
  source_type: string;
  provenance: Provenance;
  ingest_status: string;
  chunk_count: number;
  created_at: string;
  updated_at: string;
}

export interface SourceStatus extends ProjectSource {
  request_id: string;
  failure_reason: string | null;
}

const columns = `source_id AS id, external_id, title, source_type, provenance, ingest_status, chunk_count, created_at, updated_at`;
const iso = <T extends { created_at: Date | string; updated_at: Date | string }>(row: T) => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

/** A project's sources, newest first. */
export async function listSources(db: Queryable, userId: string, projectId: string): Promise<ProjectSource[]> {
  const { rows } = await db.query<ProjectSource>(
    `SELECT ${columns} FROM sources WHERE user_id = $1 AND project_id = $2 ORDER BY created_at DESC, source_id`,
    [userId, projectId],
  );
  return rows.map(iso);
}

export async function findSource(db: Queryable, userId: string, sourceId: string): Promise<SourceStatus | undefined> {
  const { rows } = await db.query<SourceStatus>(`SELECT ${columns}, request_id, failure_reason FROM sources WHERE user_id = $1 AND source_id = $2`, [
    userId, sourceId,
  ]);
  return rows[0] ? iso(rows[0]) : undefined;
}

/** A source still waiting for its document, as the job that fetches it names it. */
export interface PendingSource {
  userId: string;
  sourceId: string;
  requestId: string;
  connectorType: string;
  externalId: string;
}

/** Sources pending for longer than `olderThanSeconds`: their jobs may have been lost with a queue (in-process, or a Redis without persistence). */
export async function pendingSources(db: Queryable, olderThanSeconds: number): Promise<PendingSource[]> {
  const { rows } = await db.query<PendingSource>(
    `SELECT user_id AS "userId", source_id AS "sourceId", request_id AS "requestId", source_type AS "connectorType", external_id AS "externalId"
     FROM sources WHERE ingest_status = 'pending' AND updated_at < now() - make_interval(secs => $1)`,
    [olderThanSeconds],
  );
  return rows;
}
