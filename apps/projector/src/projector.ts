import type { Db } from '@memctx/db';
import { shareFeedReads, type EventStore } from '@memctx/event-store';
import { ensureActiveGeneration, migrateGenerations, rebuildProjection, runLive, type Projection, type Runner } from '@memctx/projections';
import type { Logger } from '@memctx/shared';

export interface ProjectorHandle {
  stop(): Promise<void>;
}

export interface ProjectorDeps {
  db: Db;
  store: EventStore;
  projections: readonly Projection[];
  logger: Logger;
  batchSize?: number;
  /** How long appends gather after a short batch (MEMCTX_PROJECTOR_GATHER_MS). */
  gatherMs?: number;
}

/** Makes sure each projection has an active generation of the code's version, rebuilding the ones whose version changed. */
export async function prepareGenerations(deps: ProjectorDeps): Promise<void> {
  await migrateGenerations(deps.db);
  for (const projection of deps.projections) {
    const generation = await ensureActiveGeneration(deps.db, projection);
    if (generation.version !== projection.version) {
      // The new code cannot write the old tables: replay into a new generation first (blue/green;
      // the old one keeps serving reads until the switch), then follow the feed as usual.
      deps.logger.warn({ projection: projection.name, active: generation.version, code: projection.version }, 'projection version changed: rebuilding');
      const result = await rebuildProjection(deps.db, deps.store, projection, { batchSize: deps.batchSize });
      deps.logger.info({ ...result }, 'projection rebuilt for its new version');
    }
  }
}

/**
 * Runs every projection's live runner in this process, following the feed.
 * Several projector processes may run side by side: batches compare-and-swap
 * their checkpoints, so each batch lands once whoever applies it.
 */
export async function startProjector(deps: ProjectorDeps): Promise<ProjectorHandle> {
  await prepareGenerations(deps);
  // The runners wake together and read the same events: one read (parsed and opened once) serves them all.
  const feed = shareFeedReads(deps.store);
  const runners: Runner[] = deps.projections.map((projection) =>
    runLive(deps.db, feed, projection, {
      batchSize: deps.batchSize,
      gatherMs: deps.gatherMs,
      onError: (error) => deps.logger.error({ err: error, projection: projection.name }, 'projection batch failed; retrying'),
    }),
  );
  deps.logger.info({ projections: deps.projections.map((p) => p.name), source: 'feed' }, 'projector started');
  return {
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}
