import type { Queryable } from '@memctx/db';
import { START, compareCheckpoints, type Checkpoint, type RecordedEvent } from '@memctx/event-store';
import type { Projection } from './projection.js';
import { lockGeneration, type Generation } from './generations.js';

/*
 * The fixed statements of a live generation's batch, fewer of them: each costs a round trip (which node-pg does not
 * pipeline) and, in the Node process and the backend, more CPU than a small batch's rows, so at moderate load a
 * projector paid more for its batches than for their events.
 */

/** Whether a batch holds any event the projection applies. */
export const handlesAny = (projection: Projection, events: readonly RecordedEvent[]): boolean => {
  const handles: readonly string[] = projection.handles;
  return events.some((event) => handles.includes(event.type));
};

/**
 * Moves a live generation's checkpoint over a batch holding none of the events its projection applies, in one
 * statement instead of a batch transaction (BEGIN, lock, compare, save, COMMIT: five round trips and a commit per
 * projection per batch, while most projections ignore most events): the same lock on the generation row, refused
 * when retired, and the same compare-and-swap, with nothing to apply between them. False when the checkpoint was not
 * at `from` or the generation is retired; undefined when the generation has saved no checkpoint yet (the batch
 * transaction inserts the first one).
 */
export async function passOver(db: Queryable, generation: Generation, events: readonly RecordedEvent[], from: Checkpoint): Promise<boolean | undefined> {
  if (compareCheckpoints(from, START) === 0) return undefined;
  const last = events[events.length - 1]!;
  const { rowCount } = await db.query(
    `WITH g AS (SELECT status FROM projection_generations WHERE name = $1 AND generation = $2 FOR UPDATE)
     UPDATE processor_checkpoints SET transaction_id = $4, global_position = $5, updated_at = now()
     WHERE processor = $3 AND partition = '' AND transaction_id = $6 AND global_position = $7
       AND EXISTS (SELECT 1 FROM g WHERE status <> 'retired')`,
    [generation.name, generation.generation, generation.schemaName, last.transaction_id, last.global_position, from.transaction_id, from.global_position],
    { prepare: true },
  );
  return rowCount > 0;
}

/**
 * Locks the generation row for a batch and reads its checkpoint in the same statement. The checkpoint row is locked
 * too: a row locked after waiting for another instance's transaction is read at its newest version, so a checkpoint
 * moved meanwhile is seen as it now stands, as a read after the lock would see it. False when retired; true before
 * the first checkpoint is saved (no row to join: the processor reads START itself).
 */
export async function lockAtCheckpoint(tx: Queryable, generation: Generation): Promise<boolean | Checkpoint> {
  const { rows } = await tx.query<{ status: string; transaction_id: number; global_position: number }>(
    `SELECT g.status, c.transaction_id, c.global_position
     FROM projection_generations g JOIN processor_checkpoints c ON c.processor = g.schema_name AND c.partition = ''
     WHERE g.name = $1 AND g.generation = $2 FOR UPDATE OF g, c`,
    [generation.name, generation.generation],
    { prepare: true },
  );
  const row = rows[0];
  if (!row) {
    const status = await lockGeneration(tx, generation.name, generation.generation);
    return status !== undefined && status !== 'retired';
  }
  return row.status === 'retired' ? false : { transaction_id: Number(row.transaction_id), global_position: Number(row.global_position) };
}
