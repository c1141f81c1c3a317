import type { Queryable } from '@memctx/db';
import { toProjectSummary, type ProjectRow, type ProjectSummary } from '../projects/queries.js';
import { toSessionSummary, type SessionRow, type SessionSummary } from '../sessions/queries.js';
import { decodeCursor, toPage, type Page, type PageRequest } from './pages.js';

export type BrowsedSession = SessionSummary & { deleted_at: string | null };

export async function browseProjects(db: Queryable, userId: string, page: PageRequest): Promise<Page<ProjectSummary>> {
  const { rows } = await db.query<ProjectRow>(
    `SELECT project_id, name, created_at, updated_at, session_count, source_count FROM projects
     WHERE user_id = $1 AND project_id > $2 ORDER BY project_id LIMIT $3`,
    [userId, decodeCursor(page.cursor), page.limit + 1],
  );
  return toPage(rows, page.limit, (row) => row.project_id, toProjectSummary);
}

export interface SessionFilter {
  projectId?: string | undefined;
  includeDeleted: boolean;
}

/** Purged sessions are gone from the read model, so include_deleted shows only restorable ones. */
export async function browseSessions(db: Queryable, userId: string, filter: SessionFilter, page: PageRequest): Promise<Page<BrowsedSession>> {
  const { rows } = await db.query<SessionRow>(
    `SELECT session_id, title, created_at, updated_at, last_message_preview, message_count, is_archived, project_id, deleted_at
     FROM sessions
     WHERE user_id = $1 AND session_id > $2 AND ($3::text IS NULL OR project_id = $3) AND ($4 OR deleted_at IS NULL)
     ORDER BY session_id LIMIT $5`,
    [userId, decodeCursor(page.cursor), filter.projectId ?? null, filter.includeDeleted, page.limit + 1],
  );
  return toPage(rows, page.limit, (row) => row.session_id, (row) => ({
    ...toSessionSummary(row),
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
  }));
}
