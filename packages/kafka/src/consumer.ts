import type { Consumer } from 'kafkajs';
import type { RecordedEvent } from '@memctx/event-store';
import { fromMessage } from './codec.js';
import { DEFAULT_TOPIC, kafkaClient, type KafkaOptions } from './publisher.js';

export interface EventSourceBatch {
  partition: number;
  events: RecordedEvent[];
  /** The message key of each event (its partition key), index for index. */
  keys: string[];
}

/** Feeds batches of events from a consumer group; offsets are committed only after a batch was handled. */
export interface EventSource {
  /** Resolves when the consumer has joined its group; handler failures are retried by redelivery. */
  start(onBatch: (batch: EventSourceBatch) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export function createKafkaEventSource(options: KafkaOptions & {
  topic?: string;
  groupId: string;
  /** Where a group with no committed offsets starts: the oldest message (default, projectors) or the next one. */
  fromBeginning?: boolean;
  onError?: (error: unknown) => void;
}): EventSource {
  const topic = options.topic ?? DEFAULT_TOPIC;
  let consumer: Consumer | undefined;
  return {
    async start(onBatch) {
      consumer = kafkaClient(options).consumer({ groupId: options.groupId, allowAutoTopicCreation: true });
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: options.fromBeginning ?? true });
      const joined = new Promise<void>((resolve) => consumer!.on(consumer!.events.GROUP_JOIN, () => resolve()));
      await consumer.run({
        // Auto-commit only commits offsets we resolved, i.e. of batches already applied: at-least-once delivery.
        autoCommitInterval: 1_000,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
          if (!isRunning() || isStale() || batch.messages.length === 0) return;
          const events = batch.messages.map((message) => fromMessage(message.value, message.headers ?? {}));
          try {
            await onBatch({ partition: batch.partition, events, keys: batch.messages.map((message) => message.key?.toString() ?? '') });
          } catch (error) {
            // Nothing is resolved, so kafkajs seeks back and delivers the batch again.
            options.onError?.(error);
            throw error;
          }
          resolveOffset(batch.lastOffset());
          await commitOffsetsIfNecessary();
          await heartbeat();
        },
      });
      await joined;
    },
    async stop() {
      await consumer?.disconnect();
    },
  };
}
