import { CompressionTypes, Kafka, logLevel, type Producer } from 'kafkajs';
import type { RecordedEvent } from '@memctx/event-store';
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
}

export const DEFAULT_TOPIC = 'memctx.events.v1';

export function kafkaClient(options: KafkaOptions): Kafka {
  return new Kafka({
    clientId: options.clientId ?? 'memctx',
    brokers: [...options.brokers],
    // kafkajs logs through console by default; our processes log through pino, and errors surface as rejections.
    logLevel: logLevel.NOTHING,
    retry: { retries: 8, initialRetryTime: 200 },
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
