import type { Db, Queryable } from '@memctx/db';
import { compareCheckpoints, NOTIFY_CHANNEL, type Checkpoint } from '@memctx/event-store';
import { withCheckpoints } from './generations.js';

/**
 * A read waits for the projections to pass a write (read-your-writes): live projectors that are letting appends gather
 * before their next read go now instead. Gathering saves a projector CPU when nobody is waiting for it; a client that
 * posts a round and asks for a SIP at once is, and would otherwise wait out the gather. The notice rides the append
 * channel with a payload of its own, so a projector listens on the one connection it already holds for appends.
 */
export const READER_WAITING = { channel: NOTIFY_CHANNEL, payload: 'reader-waiting' } as const;

/** Tells live projectors that a read waits for them (see READER_WAITING); a failure only costs the wait. */
export async function hurryProjectors(db: Queryable): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [READER_WAITING.channel, READER_WAITING.payload], { prepare: true }).catch(() => undefined);
}

/** Calls `hurry` when a reader waits (a projector's `followFeed` option `readerWaiting`). */
export function onReaderWaiting(db: Db, hurry: () => void): Promise<() => Promise<void>> {
  return db.listen(READER_WAITING.channel, (payload) => {
    if (payload === READER_WAITING.payload) hurry();
  });
}

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
