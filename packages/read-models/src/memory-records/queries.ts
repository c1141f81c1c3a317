import { PROVENANCES, type Provenance } from '@memctx/contracts/vocabulary';
import type { Queryable } from '@memctx/db';

/** Every class appears, zero included, so dashboards need no special cases. */
export async function provenanceCounts(db: Queryable, userId: string, projectId?: string): Promise<Record<Provenance, number>> {
  const { rows } = await db.query<{ provenance: Provenance; n: number }>(
    `SELECT provenance, count(*)::int AS n FROM memory_records
     WHERE user_id = $1 AND NOT hidden AND ($2::text IS NULL OR project_id = $2) GROUP BY provenance`,
    [userId, projectId ?? null],
  );
  const counts = Object.fromEntries(PROVENANCES.map((name) => [name, 0])) as Record<Provenance, number>;
  for (const row of rows) counts[row.provenance] = row.n;
  return counts;
}
