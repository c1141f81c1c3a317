import type { Queryable } from '@memctx/db';

export interface ProjectSummary {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  session_count: number;
  source_count: number;
}

export interface ProjectRow {
  project_id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
  session_count: number;
  source_count: number;
}

export function toProjectSummary(row: ProjectRow): ProjectSummary {
  return {
    id: row.project_id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    session_count: row.session_count,
    source_count: row.source_count,
  };
}

export async function findProject(db: Queryable, userId: string, projectId: string): Promise<ProjectSummary | undefined> {
  const { rows } = await db.query<ProjectRow>(
    'SELECT project_id, name, created_at, updated_at, session_count, source_count FROM projects WHERE user_id = $1 AND project_id = $2',
    [userId, projectId],
  );
  return rows[0] ? toProjectSummary(rows[0]) : undefined;
}
