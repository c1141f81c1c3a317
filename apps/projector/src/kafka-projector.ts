import type { RecordedEvent } from '@memctx/event-store';
import type { EventSource } from '@memctx/kafka';
import { applyPartitionBatch } from '@memctx/projections';
import { prepareGenerations, type ProjectorDeps, type ProjectorHandle } from './projector.js';

/**
 * Runs every projection from a Kafka consumer group instead of the feed: the
 * group spreads partitions over the projector processes, and each user's checkpoint
 * makes re-delivered events (relay restarts, rebalances) no-ops. Offsets are committed
 * only after all projections applied a batch.
 */
export async function startKafkaProjector(
  deps: ProjectorDeps & { source: EventSource; partitionKey: (event: RecordedEvent) => string },
): Promise<ProjectorHandle> {
  await prepareGenerations(deps);
  await deps.source.start(async ({ partition, events }) => {
    for (const projection of deps.projections) {
      await applyPartitionBatch(deps.db, projection, partition, events, deps.partitionKey);
    }
  });
  deps.logger.info({ projections: deps.projections.map((p) => p.name), source: 'kafka' }, 'projector started');
  return { stop: () => deps.source.stop() };
}
