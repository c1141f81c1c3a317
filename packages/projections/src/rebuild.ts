import type { Db } from '@memctx/db';
import { compareCheckpoints, type EventStore } from '@memctx/event-store';
import type { Projection } from './projection.js';
import { activeGeneration, createGeneration, exposeViews, lockGeneration, type Generation } from './generations.js';
import { applyNextBatch } from './runner.js';

export interface RebuildProgress {
  projection: string;
  generation: number;
  processed: number;
  /** Events in the feed when the rebuild started; the total grows while it runs. */
  headPosition: number;
  position: number;
  phase: 'replaying' | 'switching' | 'done';
}

export interface RebuildResult {
  projection: string;
  from: number | undefined;
  to: number;
  events: number;
  seconds: number;
}

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
  options: { batchSize?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 5_000;
  const previous = await activeGeneration(db, projection.name);
  let generation: Generation = await createGeneration(db, projection, 'building');
  const head = await store.head();
  let processed = 0;
  const report = (phase: RebuildProgress['phase']) =>
    options.onProgress?.({
      projection: projection.name,
      generation: generation.generation,
      processed,
      headPosition: head.global_position,
      position: generation.checkpoint.global_position,
      phase,
    });

  for (;;) {
    const outcome = await applyNextBatch(db, store, projection, generation, batchSize);
    if (!outcome.applied) throw new Error(`generation ${generation.generation} of ${projection.name} was changed by someone else`);
    processed += outcome.read;
    generation = { ...generation, checkpoint: outcome.checkpoint };
    report('replaying');
    if (outcome.read > 0) continue;

    // Caught up with the feed: switch over unless the live generation is ahead of us.
    report('switching');
    const switched = await db.transaction(async (tx) => {
      const live = previous ? await lockGeneration(tx, projection.name, previous.generation) : undefined;
      const mine = await lockGeneration(tx, projection.name, generation.generation);
      if (!mine) throw new Error(`generation ${generation.generation} of ${projection.name} disappeared`);
      if (live && live.status === 'active' && compareCheckpoints(live.checkpoint, mine.checkpoint) > 0) return false;
      if (live) {
        await tx.query(`UPDATE projection_generations SET status = 'retired', updated_at = now() WHERE name = $1 AND generation = $2`, [
          projection.name,
          live.generation,
        ]);
      }
      await tx.query(`UPDATE projection_generations SET status = 'active', updated_at = now() WHERE name = $1 AND generation = $2`, [
        projection.name,
        generation.generation,
      ]);
      await exposeViews(tx, projection, mine.schemaName);
      return true;
    });
    if (switched) break;
  }
  if (previous) await db.exec(`DROP SCHEMA IF EXISTS ${previous.schemaName} CASCADE`);
  report('done');
  return {
    projection: projection.name,
    from: previous?.generation,
    to: generation.generation,
    events: processed,
    seconds: (performance.now() - started) / 1000,
  };
}
