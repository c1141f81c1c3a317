import type { Db } from '@memctx/db';
import { memoryRecordsVersion } from './active-version.js';
import type { RetrievalScope } from './scope.js';

/*
 * A scope's stamp: the sum of memory_token_totals.change_stamp over its rows, which the totals' triggers move forward
 * with every visible record inserted, hidden, shown again, deleted or given new vectors (projection.ts). Equal stamps,
 * the same records and vectors; kept-retrieval.ts keys what it keeps by it. Each half of retrieval reads the stamp in
 * its own statement, so the stamp it answers with is the one its snapshot saw.
 */

/** The first version of memory_records whose totals carry `change_stamp`. */
export const STAMPED_SINCE = 8;

/** The stamp of the scope in $1 (user), $2 (project) and $3 (with the records outside any project), as text. */
export const STAMP_SQL = `SELECT sum(change_stamp)::text FROM memory_token_totals
  WHERE user_id = $1 AND ($2::text IS NULL OR project_key = $2 OR ($3::boolean AND project_key = ''))`;

/** Whether the active generation keeps stamps (an upgraded service before its rebuild does not). */
export const keepsStamps = async (db: Db): Promise<boolean> => (await memoryRecordsVersion(db)) >= STAMPED_SINCE;

/** The scope's stamp now; null when it has no records yet or the generation keeps no stamps. */
export async function scopeStamp(db: Db, scope: RetrievalScope): Promise<string | null> {
  if (!(await keepsStamps(db))) return null;
  const { rows: [row] } = await db.query<{ stamp: string | null }>(`SELECT (${STAMP_SQL}) AS stamp`, [scope.userId, scope.projectId, scope.includeGlobal], { prepare: true });
  return row?.stamp ?? null;
}
