import type { Queryable } from '@memctx/db';

export interface ProjectSource {
  id: string;
  external_id: string;
  title: string;
  source_type: string;
  provenance: string;
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
