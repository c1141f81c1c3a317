import { CompressionTypes, Kafka, logLevel, type Producer } from 'kafkajs';
import type { RecordedEvent } from '@memctx/event-store';
import { settingDefault } from '@memctx/shared';
import { toMessage } from './codec.js';
import { NOTHING_TO_RESEND, plannedSends, type ResendState } from './resend.js';

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

// Answers after which kafkajs's idempotent producer never sends again (tulios/kafkajs#598): the broker lost or refused
// the producer's id and sequence numbers (a restart that dropped its producer state, an id that expired).
const PRODUCER_STATE_LOST = new Set(['OUT_OF_ORDER_SEQUENCE_NUMBER', 'UNKNOWN_PRODUCER_ID', 'INVALID_PRODUCER_EPOCH', 'INVALID_PRODUCER_ID_MAPPING']);

/** Whether a failed send (or the error it wraps) left the producer unable to send again: only a new producer can. */
export function lostProducerState(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { type, cause, originalError } = current as { type?: unknown; cause?: unknown; originalError?: unknown };
    if (typeof type === 'string' && PRODUCER_STATE_LOST.has(type)) return true;
    current = cause ?? originalError;
  }
  return false;
}

/**
 * An idempotent producer with acks=all: the broker drops a retried batch it already
 * wrote, and a send resolves only when the write is replicated. One request in
 * flight keeps per-partition order through retries. After a failed publish the next
 * one skips what the broker acknowledged and sends the unanswered batch again as it
 * was (plannedSends). A producer whose state the broker lost is replaced by a new
 * one (a new producer id) and the send still fails, so the relay sends the batch
 * again from its checkpoint: what the old producer had written of it is then on the
 * topic twice, recognisable by event id.
 */
export async function createKafkaPublisher(options: KafkaOptions & { topic?: string; partitionKey: (event: RecordedEvent) => string }): Promise<EventPublisher> {
  const topic = options.topic ?? DEFAULT_TOPIC;
  const newProducer = (): Producer => kafkaClient(options).producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
  let producer = newProducer();
  let connected: Promise<void> | undefined;
  // Connects the current producer once; a failed attempt is tried again by the next publish.
  const ready = (): Promise<void> => {
    if (!connected) {
      const attempt: Promise<void> = producer.connect().catch((error: unknown) => {
        if (connected === attempt) connected = undefined;
        throw error;
      });
      connected = attempt;
    }
    return connected;
  };
  await ready();
  let pending: ResendState = NOTHING_TO_RESEND;
  return {
    async publish(events) {
      const acknowledged = new Set(pending.acknowledged);
      for (const batch of plannedSends(pending, events)) {
        const sending = producer;
        try {
          await ready();
          await sending.send({
            topic,
            acks: -1,
            compression: CompressionTypes.None,
            messages: batch.map((event) => toMessage(event, options.partitionKey(event))),
          });
        } catch (error) {
          const replaced = lostProducerState(error) && producer === sending;
          // A new producer has new sequence numbers: sending the batch as it was would not make the broker drop it.
          pending = { acknowledged, unconfirmed: replaced ? undefined : batch };
          if (replaced) {
            producer = newProducer();
            connected = undefined;
            await sending.disconnect().catch(() => undefined);
          }
          throw error;
        }
        for (const event of batch) acknowledged.add(event.event_id);
      }
      pending = NOTHING_TO_RESEND;
    },
    close: () => producer.disconnect(),
  };
}
