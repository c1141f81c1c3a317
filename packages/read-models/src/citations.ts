import type { Queryable } from '@memctx/db';

/** The sessions the given records came from (documents come from none), sorted: what a SIP quoting them depends on. */
export async function sessionsOfRecords(db: Queryable, userId: string, recordIds: readonly string[]): Promise<string[]> {
  if (recordIds.length === 0) return [];
  const { rows } = await db.query<{ session_id: string }>(
    `SELECT DISTINCT session_id FROM memory_records
     WHERE user_id = $1 AND record_id = ANY($2::text[]) AND session_id IS NOT NULL ORDER BY session_id`,
    [userId, recordIds],
  );
  return rows.map((row) => row.session_id);
}
