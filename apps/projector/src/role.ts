import { partitionKeyOf } from '@memctx/domain';
import { createKafkaEventSource, type EventSource } from '@memctx/kafka';
import { keepStatistics } from '@memctx/projections';
import { runEmbeddingFiller } from '@memctx/read-models';
import type { RoleHandle, Runtime } from '@memctx/runtime';
import type { Shredder } from '@memctx/shredding';
import { startKafkaProjector } from './kafka-projector.js';
import { startProjector, type ProjectorHandle } from './projector.js';

/** The topic carries events as stored (sealed); projectors open them with the same key store as the feed. */
const opened = (source: EventSource, shredder: Shredder): EventSource => ({
  start: (onBatch) => source.start(async (batch) => onBatch({ ...batch, events: await shredder.open(batch.events) })),
  stop: () => source.stop(),
});

/**
 * The projector role: every projection, from the feed or the relay's topic, and beside them the embedding filler and
 * the planner statistics of the generations' tables (statistics.ts in the projections package).
 */
export async function startProjectorRole(runtime: Runtime): Promise<RoleHandle> {
  const { config, logger } = runtime;
  const deps = { db: runtime.db, store: runtime.store, projections: runtime.projections, logger, batchSize: config.projectorBatchSize, gatherMs: config.projectorGatherMs };
  const projector: ProjectorHandle = config.projectorSource === 'kafka'
    ? await startKafkaProjector({
      ...deps,
      partitionKey: partitionKeyOf,
      source: opened(createKafkaEventSource({
        brokers: config.kafkaBrokers, topic: config.kafkaTopic, groupId: config.kafkaGroup, clientId: 'memctx-projector',
        onError: (error) => logger.error({ err: error }, 'kafka source failed (a batch is delivered again, a join retried)'),
      }), runtime.shredder),
    })
    : await startProjector(deps);
  const filler = runtime.embedder
    ? runEmbeddingFiller(runtime.db, runtime.embedder, {
      replies: config.embedReplies,
      onError: (error) => logger.error({ err: error }, 'embedding batch failed; retrying'),
    })
    : undefined;
  const statistics = keepStatistics(runtime.db, runtime.projections, {
    onAnalysed: (schema, tables) => logger.debug({ schema, tables }, 'read model tables analysed'),
    onError: (error) => logger.warn({ err: error }, 'analysing read model tables failed; trying again at the next check'),
  });
  return {
    async stop() {
      await Promise.all([projector.stop(), filler?.stop(), statistics.stop()]);
    },
  };
}
