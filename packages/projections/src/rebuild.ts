import type { Db, Queryable } from '@memctx/db';
import { checkpointOf, compareCheckpoints, type Checkpoint, type EventStore } from '@memctx/event-store';
import { catchUp, createCheckpointStore, type AtomicProcessor } from '@memctx/processors';
import type { Projection } from './projection.js';
import { activeGeneration, createGeneration, createIndexes, exposeViews, lockGeneration, retireGeneration } from './generations.js';
import { generationProcessor } from './runner.js';
import { analyseTables } from './statistics.js';
import { createReadAhead, laneProcessor } from './lanes.js';

export interface RebuildProgress {
  projection: string;
  generation: number;
  processed: number;
  /** Events in the feed when the rebuild started; the total grows while it runs. */
  headPosition: number;
  position: number;
  phase: 'replaying' | 'indexing' | 'switching' | 'done';
}

export interface RebuildResult {
  projection: string;
  from: number | undefined;
  to: number;
  events: number;
  seconds: number;
}

/** Events per replay batch of a rebuild: larger than a live runner's, as nothing waits to read them sooner. */
export const REBUILD_BATCH_SIZE = 5_000;

/**
 * Blue/green rebuild: replays the whole feed into a new generation while the
 * active one keeps serving reads and following the feed, then switches the
 * views over in one transaction once the new generation has caught up. Only
 * read models are written, so no side effect (jobs, Kafka) fires again.
 */
export async function rebuildProjection(
  db: Db,
  store: EventStore,
  projection: Projection,
  options: {
    batchSize?: number;
    /**
     * Transactions applying each batch side by side, users split between them (default 2 on a server: one
     * PostgreSQL backend per core here; always 1 on PGlite, which has one connection).
     */
    lanes?: number;
    /** Awaited when it returns a promise, so a caller can pace the rebuild (tests widen the switch-over window with it). */
    onProgress?: (progress: RebuildProgress) => void | Promise<void>;
  } = {},
): Promise<RebuildResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? REBUILD_BATCH_SIZE;
  const concurrent = db.supportsConcurrentTransactions;
  const lanes = concurrent ? Math.max(1, options.lanes ?? 2) : 1;
  const readAhead = createReadAhead(store, batchSize);
  const previous = await activeGeneration(db, projection.name);
  const generation = await createGeneration(db, projection, 'building');
  const filling = generationProcessor(db, projection, generation);
  const replay = lanes > 1 ? laneProcessor(db, projection, generation, lanes) : filling;
  const head = await store.head();
  let processed = 0;
  let position = 0;
  let indexed = false;
  const report = (phase: RebuildProgress['phase']) =>
    options.onProgress?.({ projection: projection.name, generation: generation.generation, processed, headPosition: head.global_position, position, phase });

  for (;;) {
    // A short batch reached the feed's head as it stood; the switch-over applies whatever arrived meanwhile.
    await catchUp(replay, store, {
      batchSize,
      // PGlite's one connection is busy with the batch: no reading ahead there.
      read: concurrent ? (after) => readAhead.next(after) : undefined,
      async onBatch({ events, checkpoint }) {
        processed += events.length;
        position = checkpoint.global_position;
        await report('replaying');
      },
    });

    // Caught up with the feed: the tables were loaded without secondary indexes, build them now (once; the
    // feed that arrives meanwhile is applied with them in place), then switch over unless the live generation is ahead of us.
    if (!indexed) {
      await report('indexing');
      await createIndexes(db, projection, generation.schemaName);
      // A generation serves its first reads with statistics, not planned as the empty tables it started as.
      await analyseTables(db, generation.schemaName, projection.tables);
      indexed = true;
      continue;
    }
    await report('switching');
    const switched = await db.transaction(async (tx) => {
      const live = previous ? await lockGeneration(tx, projection.name, previous.generation) : undefined;
      if (!(await lockGeneration(tx, projection.name, generation.generation))) throw new Error(`generation ${generation.generation} of ${projection.name} disappeared`);
      const checkpoints = createCheckpointStore(tx);
      // Kafka-fed projectors apply to the live generation without moving its checkpoint. With its row
      // locked nothing more lands there, and whatever they applied was in the feed already, so reading
      // the feed to its head now leaves the new generation missing nothing they did. (Only on a server:
      // PGlite has one connection, which this transaction holds, and no Kafka mode.)
      const mine = db.supportsConcurrentTransactions ? await applyRestOfFeed(tx, store, filling, batchSize) : await checkpoints.load(filling.name);
      if (previous && live === 'active' && compareCheckpoints(await checkpoints.load(previous.schemaName), mine) > 0) return false;
      if (previous && live) await retireGeneration(tx, previous);
      await tx.query(`UPDATE projection_generations SET status = 'active', updated_at = now() WHERE name = $1 AND generation = $2`, [
        projection.name,
        generation.generation,
      ]);
      await exposeViews(tx, projection, generation.schemaName);
      return true;
    });
    if (switched) break;
  }
  if (previous) await db.exec(`DROP SCHEMA IF EXISTS ${previous.schemaName} CASCADE`);
  await report('done');
  return {
    projection: projection.name,
    from: previous?.generation,
    to: generation.generation,
    events: processed,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Applies the feed after the generation's checkpoint to it inside the caller's transaction; returns the new checkpoint. */
async function applyRestOfFeed(tx: Queryable, store: EventStore, filling: AtomicProcessor, batchSize: number): Promise<Checkpoint> {
  // Up to the head as it stands once the generations are locked: everything a live generation applied is below it,
  // and what comes after is the new generation's live runner's. Reading until an empty read could chase writers
  // forever inside this transaction, which blocks the live projectors.
  const head = await store.head();
  let checkpoint = await createCheckpointStore(tx).load(filling.name);
  while (compareCheckpoints(checkpoint, head) < 0) {
    const events = await store.readAll({ after: checkpoint, maxCount: batchSize });
    if (events.length === 0) break;
    if (!(await filling.processWithin(tx, events, checkpoint))) throw new Error(`${filling.name} was changed by someone else`);
    checkpoint = checkpointOf(events[events.length - 1]!);
  }
  return checkpoint;
}
