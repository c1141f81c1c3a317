import type { Db } from '@memctx/db';
import type { EventStore } from '@memctx/event-store';
import { catchUp as catchUpProcessor, createCheckpointStore, followFeed, processor, type AtomicProcessor, type Following, type Processor } from '@memctx/processors';
import { settingDefault } from '@memctx/shared';
import { inBatchSpan } from './batch-span.js';
import { applyHandled, type Projection } from './projection.js';
import { activeGeneration, type Generation } from './generations.js';
import { handlesAny, lockAtCheckpoint, passOver } from './live-batch.js';
import { onReaderWaiting } from './read-your-writes.js';

/**
 * The processor that fills one generation: each batch's rows and the checkpoint commit together, with the
 * generation row locked, so two projector instances (or a live runner and a switch-over) never apply a batch
 * twice, and a generation a switch-over retired takes no more. Traced as `projection <name> batch` (batch-span.ts).
 */
export function generationProcessor(db: Db, projection: Projection, generation: Generation): AtomicProcessor {
  const filling = processor({
    name: generation.schemaName,
    checkpoints: createCheckpointStore(db),
    db,
    lock: (tx) => lockAtCheckpoint(tx, generation),
    handle: (events, tx) => applyHandled(tx, projection, generation.schemaName, events),
  });
  return {
    ...filling,
    process: (events, from) =>
      inBatchSpan(projection.name, events, async (span) => {
        // A batch with nothing for this projection only moves its checkpoint: one statement, no transaction.
        const passed = handlesAny(projection, events) ? undefined : await passOver(db, generation, events, from);
        const applied = passed ?? (await filling.process(events, from));
        span.setAttribute('memctx.applied', applied);
        return applied;
      }),
  };
}

/** The processor of whichever generation is active, looked up again whenever its position is asked for (a start, a switch-over, a failure). */
function activeGenerationProcessor(db: Db, projection: Projection): Processor {
  let current: Processor | undefined;
  return {
    name: projection.name,
    async position() {
      const generation = await activeGeneration(db, projection.name);
      if (!generation) throw new Error(`projection ${projection.name} has no active generation`);
      current = generationProcessor(db, projection, generation);
      return generation.checkpoint;
    },
    process: (events, from) => current!.process(events, from),
  };
}

export interface LiveRunnerOptions {
  batchSize?: number;
  idleWaitMs?: number;
  /** followFeed's gatherMs: how long appends may gather after a short batch before the next read. */
  gatherMs?: number;
  onError?: (error: unknown) => void;
}

export type Runner = Following;

/** Keeps the active generation of a projection up to date, following a switch-over to a rebuilt one. */
export function runLive(db: Db, store: EventStore, projection: Projection, options: LiveRunnerOptions = {}): Runner {
  // The idle wait and the pause after a failure are followFeed's (the pause is the idle wait when one is given).
  return followFeed(activeGenerationProcessor(db, projection), store, {
    batchSize: options.batchSize ?? settingDefault('projectorBatchSize'),
    idleWaitMs: options.idleWaitMs,
    gatherMs: options.gatherMs ?? settingDefault('projectorGatherMs'),
    readerWaiting: (hurry) => onReaderWaiting(db, hurry),
    onError: options.onError,
  });
}

/** Applies batches to each projection's active generation until it has read the whole feed (tests, tools). */
export async function catchUp(db: Db, store: EventStore, projections: readonly Projection[], batchSize = settingDefault('projectorBatchSize')): Promise<void> {
  for (const projection of projections) await catchUpProcessor(activeGenerationProcessor(db, projection), store, { batchSize });
}
