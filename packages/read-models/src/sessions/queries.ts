import type { Queryable } from '@memctx/db';

export interface SessionSummary {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
  last_message_preview: string;
  message_count: number;
  is_archived: boolean;
  project_id: string;
}

export interface SessionMessage {
  id: string;
  role: string;
  content: string;
  created_at: string;
  records_used: number;
  round_id: string;
  sip_text: string;
}

export interface SessionRow {
  session_id: string;
  title: string;
  created_at: Date;
  updated_at: Date;
  last_message_preview: string;
  message_count: number;
  is_archived: boolean;
  project_id: string | null;
  deleted_at: Date | null;
}

const sessionColumns = 'session_id, title, created_at, updated_at, last_message_preview, message_count, is_archived, project_id, deleted_at';

/** project_id is a string in the spec; a session outside any project reports "". */
export function toSessionSummary(row: SessionRow): SessionSummary {
  return {
    id: row.session_id,
    title: row.title,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_message_preview: row.last_message_preview,
    message_count: row.message_count,
    is_archived: row.is_archived,
    project_id: row.project_id ?? '',
  };
}

/**
 * A live (not soft-deleted) session of the user, or undefined: deleted and foreign sessions look the same.
 * `includeDeleted` also finds a soft-deleted one (a restore answers with it while the read model catches up).
 */
export async function findLiveSession(
  db: Queryable, userId: string, sessionId: string, options: { includeDeleted?: boolean } = {},
): Promise<SessionSummary | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${sessionColumns} FROM sessions WHERE user_id = $1 AND session_id = $2 AND ($3 OR deleted_at IS NULL)`,
    [userId, sessionId, options.includeDeleted === true],
  );
  return rows[0] ? toSessionSummary(rows[0]) : undefined;
}

export async function listMessages(
  db: Queryable,
  userId: string,
  sessionId: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; messages: SessionMessage[] } | undefined> {
  const session = await findLiveSession(db, userId, sessionId);
  if (!session) return undefined;
  const { rows } = await db.query<{
    message_id: string; role: string; content: string; created_at: Date; records_used: number; round_id: string; sip_text: string;
  }>(
    `SELECT message_id, role, content, created_at, records_used, round_id, sip_text FROM session_messages
     WHERE user_id = $1 AND session_id = $2 ORDER BY seq LIMIT $3 OFFSET $4`,
    [userId, sessionId, page.limit, page.offset],
  );
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM session_messages WHERE user_id = $1 AND session_id = $2', [
    userId, sessionId,
  ]);
  return {
    total: total.rows[0]?.n ?? 0,
    messages: rows.map((row) => ({
      id: row.message_id,
      role: row.role,
      content: row.content,
      created_at: row.created_at.toISOString(),
      records_used: row.records_used,
      round_id: row.round_id,
      sip_text: row.sip_text,
    })),
  };
}

/** Sessions whose soft-delete window has elapsed: the purge job appends SessionPurged for each. */
export async function sessionsDueForPurge(db: Queryable, now: Date, limit: number): Promise<Array<{ userId: string; sessionId: string }>> {
  const { rows } = await db.query<{ user_id: string; session_id: string }>(
    'SELECT user_id, session_id FROM sessions WHERE deleted_at IS NOT NULL AND purge_after <= $1 ORDER BY purge_after LIMIT $2',
    [now, limit],
  );
  return rows.map((row) => ({ userId: row.user_id, sessionId: row.session_id }));
}

/** Ids of the user's sessions that are not soft-deleted (clear-all deletes these). */
export async function listActiveSessionIds(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ session_id: string }>(
    'SELECT session_id FROM sessions WHERE user_id = $1 AND deleted_at IS NULL ORDER BY session_id',
    [userId],
  );
  return rows.map((row) => row.session_id);
}
