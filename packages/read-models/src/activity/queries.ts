import type { ActivityType } from '@memctx/contracts/vocabulary';
import type { Queryable } from '@memctx/db';

export interface ActivityItem {
  project_id: string;
  ref_id: string;
  summary: string;
  type: ActivityType;
  /** Unix epoch seconds (fractional), per the spec's numeric dashboard timestamps. */
  timestamp: number;
}

export async function recentActivity(db: Queryable, userId: string, limit: number): Promise<ActivityItem[]> {
  const { rows } = await db.query<{ project_id: string | null; ref_id: string; summary: string; type: ActivityType; occurred_at: Date }>(
    `SELECT project_id, ref_id, summary, type, occurred_at FROM activity_items
     WHERE user_id = $1 AND NOT hidden ORDER BY occurred_at DESC, global_position DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => ({
    project_id: row.project_id ?? '',
    ref_id: row.ref_id,
    summary: row.summary,
    type: row.type,
    timestamp: row.occurred_at.getTime() / 1000,
  }));
}
