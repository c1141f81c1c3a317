import { partitionKeyOf } from '@memctx/domain';
import { createKafkaPublisher, ensureTopic } from '@memctx/kafka';
import type { RoleHandle, Runtime } from '@memctx/runtime';
import { retryWithBackoff } from '@memctx/shared';
import { startRelay } from './relay.js';

/** The relay role: the topic made sure of, then the feed published to it as stored (sealed). */
export async function startRelayRole(runtime: Runtime): Promise<RoleHandle> {
  const { config, logger } = runtime;
  // A broker that is away at start (restarting, not up yet) is waited for, not a reason to exit.
  const { topic, publisher } = await retryWithBackoff(async () => {
    const ready = await ensureTopic({ brokers: config.kafkaBrokers, clientId: 'memctx-relay' }, config.kafkaTopic, config.kafkaPartitions);
    return {
      topic: ready,
      publisher: await createKafkaPublisher({ brokers: config.kafkaBrokers, topic: config.kafkaTopic, clientId: 'memctx-relay', partitionKey: partitionKeyOf }),
    };
  }, { baseMs: 500, capMs: 5_000, onError: (error) => logger.warn({ err: error }, 'kafka not ready for the relay; retrying') });
  logger.info({ topic: config.kafkaTopic, ...topic }, 'kafka topic ready');
  const relay = await startRelay({
    db: runtime.db, store: runtime.storedEvents, publisher, name: config.kafkaTopic, metrics: runtime.metrics,
    onError: (error) => logger.error({ err: error }, 'relay batch failed; resuming from its checkpoint'),
  });
  logger.info({ topic: config.kafkaTopic, brokers: config.kafkaBrokers, checkpoint: relay.checkpoint() }, 'relay started');
  return {
    async stop() {
      await relay.stop();
      await publisher.close();
    },
  };
}
