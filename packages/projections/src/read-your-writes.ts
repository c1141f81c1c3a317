import type { Queryable } from '@memctx/db';
import { compareCheckpoints, type Checkpoint } from '@memctx/event-store';
import { withCheckpoints } from './generations.js';

/** The lowest checkpoint among the active generations of the named projections. */
export async function minActiveCheckpoint(db: Queryable, names: readonly string[]): Promise<Checkpoint | undefined> {
  const { rows } = await db.query<{ name: string; transaction_id: number; global_position: number }>(
    `${withCheckpoints} WHERE g.status = 'active' AND g.name = ANY($1::text[])`,
    [names],
  );
  if (rows.length < names.length) return undefined;
  return rows
    .map((row) => ({ transaction_id: row.transaction_id, global_position: row.global_position }))
    .reduce((lowest, checkpoint) => (compareCheckpoints(checkpoint, lowest) < 0 ? checkpoint : lowest));
}
