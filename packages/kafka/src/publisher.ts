import { CompressionTypes, Kafka, logLevel, type Producer } from 'kafkajs';
import type { RecordedEvent } from '@memctx/event-store';
import { settingDefault } from '@memctx/shared';
import { toMessage } from './codec.js';

/** Where the relay sends events; kafkajs is unmaintained, so nothing outside this package sees it. */
export interface EventPublisher {
  /** Resolves once every event is acknowledged by all in-sync replicas, in the order given per key. */
  publish(events: readonly RecordedEvent[]): Promise<void>;
  close(): Promise<void>;
}

export interface KafkaOptions {
  brokers: readonly string[];
  clientId?: string;
  /** How many times a request is retried before the client gives up (a consumer then crashes and restarts). */
  retries?: number;
}

export const DEFAULT_TOPIC = settingDefault('kafkaTopic');

export function kafkaClient(options: KafkaOptions): Kafka {
  return new Kafka({
    clientId: options.clientId ?? 'memctx',
    brokers: [...options.brokers],
    // kafkajs logs through console by default; our processes log through pino, and errors surface as rejections.
    logLevel: logLevel.NOTHING,
    // Waits between retries capped at 1 s (kafkajs's default doubles them up to 30 s), so a broker back after a
    // restart is found within a second; and enough of them (~18 s) that a consumer rides out a restart as the
    // same group member instead of crashing, since a new member waits out the old one's session before a rebalance.
    retry: { retries: options.retries ?? 20, initialRetryTime: 200, maxRetryTime: 1_000 },
  });
}

/**
 * An idempotent producer with acks=all: the broker drops a retried batch it already
 * wrote, and a send resolves only when the write is replicated. One request in
 * flight keeps per-partition order through retries.
 */
export async function createKafkaPublisher(options: KafkaOptions & { topic?: string; partitionKey: (event: RecordedEvent) => string }): Promise<EventPublisher> {
  const topic = options.topic ?? DEFAULT_TOPIC;
  const producer: Producer = kafkaClient(options).producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
  await producer.connect();
  return {
    async publish(events) {
      if (events.length === 0) return;
      await producer.send({
        topic,
        acks: -1,
        compression: CompressionTypes.None,
        messages: events.map((event) => toMessage(event, options.partitionKey(event))),
      });
    },
    close: () => producer.disconnect(),
  };
}
