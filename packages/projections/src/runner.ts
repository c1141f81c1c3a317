import type { Db } from '@memctx/db';
import { runProcessorLoop } from '@memctx/shared';
import { inBatchSpan } from './batch-span.js';
import { checkpointOf, compareCheckpoints, feedWakeUps, type Checkpoint, type EventStore, type RecordedEvent } from '@memctx/event-store';
import { applyHandled, type Projection } from './projection.js';
import { activeGeneration, lockGeneration, saveCheckpoint, type Generation } from './generations.js';

export interface BatchOutcome {
  /** Events read from the feed (handled or not). */
  read: number;
  checkpoint: Checkpoint;
  /** False when another instance or a switch-over moved the generation under us. */
  applied: boolean;
}

/**
 * Applies the next batch of the feed to one generation, with the checkpoint
 * saved in the same transaction as the rows. The generation row is locked and
 * its checkpoint compared first, so two projector instances (or a live runner
 * and a switch-over) never apply the same batch twice.
 */
export async function applyNextBatch(
  db: Db,
  store: EventStore,
  projection: Projection,
  generation: Generation,
  batchSize: number,
): Promise<BatchOutcome> {
  const events = await store.readAll({ after: generation.checkpoint, maxCount: batchSize });
  return applyBatch(db, projection, generation, events);
}

/**
 * Applies a batch read from the generation's checkpoint on, as applyNextBatch does; traced as `projection <name> batch`
 * (batch-span.ts).
 */
export async function applyBatch(db: Db, projection: Projection, generation: Generation, events: readonly RecordedEvent[]): Promise<BatchOutcome> {
  if (events.length === 0) return { read: 0, checkpoint: generation.checkpoint, applied: true };
  return inBatchSpan(projection.name, events, async (span) => {
    const outcome = await applyInTransaction(db, projection, generation, events);
    span.setAttribute('memctx.applied', outcome.applied);
    return outcome;
  });
}

async function applyInTransaction(...[db, projection, generation, events]: Parameters<typeof applyBatch>): Promise<BatchOutcome> {
  const next = checkpointOf(events[events.length - 1]!);
  const applied = await db.transaction(async (tx) => {
    const locked = await lockGeneration(tx, projection.name, generation.generation);
    if (!locked || locked.status === 'retired') return false;
    if (compareCheckpoints(locked.checkpoint, generation.checkpoint) !== 0) return false;
    await applyHandled(tx, projection, locked.schemaName, events);
    await saveCheckpoint(tx, projection.name, generation.generation, next);
    return true;
  });
  return { read: events.length, checkpoint: next, applied };
}

export interface LiveRunnerOptions {
  batchSize?: number;
  idleWaitMs?: number;
  onError?: (error: unknown) => void;
  onBatch?: (outcome: BatchOutcome & { projection: string }) => void;
}

export interface Runner {
  stop(): Promise<void>;
}

/**
 * Keeps the active generation of a projection up to date. Follows a switch-over
 * to a rebuilt generation by re-reading the active generation whenever a batch
 * finds its own generation moved.
 */
export function runLive(db: Db, store: EventStore, projection: Projection, options: LiveRunnerOptions = {}): Runner {
  const batchSize = options.batchSize ?? 500;
  const idleWaitMs = options.idleWaitMs ?? 1_000;
  let generation: Generation | undefined;
  return runProcessorLoop({
    async step() {
      generation ??= await activeGeneration(db, projection.name);
      if (!generation) throw new Error(`projection ${projection.name} has no active generation`);
      const outcome = await applyNextBatch(db, store, projection, generation, batchSize);
      options.onBatch?.({ ...outcome, projection: projection.name });
      // Moved under us (another instance, a switch-over): read the active generation again at once.
      generation = outcome.applied ? { ...generation, checkpoint: outcome.checkpoint } : undefined;
      return !outcome.applied || outcome.read === batchSize;
    },
    ...feedWakeUps(store, idleWaitMs),
    errorWaitMs: idleWaitMs,
    onError(error) {
      generation = undefined;
      options.onError?.(error);
    },
  });
}

/** Applies batches to each projection's active generation until it has read the whole feed (tests, tools). */
export async function catchUp(db: Db, store: EventStore, projections: readonly Projection[], batchSize = 1_000): Promise<void> {
  for (const projection of projections) {
    for (;;) {
      const generation = await activeGeneration(db, projection.name);
      if (!generation) throw new Error(`projection ${projection.name} has no active generation`);
      const outcome = await applyNextBatch(db, store, projection, generation, batchSize);
      if (outcome.read === 0) break;
    }
  }
}
