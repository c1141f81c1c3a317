import type { Queryable } from '@memctx/db';

export const PROVENANCE_CLASSES = ['USER_STATED', 'USER_CONFIRMED', 'DOCUMENT_VERIFIED', 'AI_INFERRED', 'ROUND', 'AI_GENERATED'] as const;
export type ProvenanceClass = (typeof PROVENANCE_CLASSES)[number];

/** Every class appears, zero included, so dashboards need no special cases. */
export async function provenanceCounts(db: Queryable, userId: string, projectId?: string): Promise<Record<ProvenanceClass, number>> {
  const { rows } = await db.query<{ provenance: ProvenanceClass; n: number }>(
    `SELECT provenance, count(*)::int AS n FROM memory_records
     WHERE user_id = $1 AND NOT hidden AND ($2::text IS NULL OR project_id = $2) GROUP BY provenance`,
    [userId, projectId ?? null],
  );
  const counts = Object.fromEntries(PROVENANCE_CLASSES.map((name) => [name, 0])) as Record<ProvenanceClass, number>;
  for (const row of rows) counts[row.provenance] = row.n;
  return counts;
}
