import { CompressionTypes, type Producer } from 'kafkajs';
import type { RecordedEvent } from '@memctx/event-store';
import { DEFAULT_TOPIC, kafkaClient, type KafkaOptions } from './client.js';
import { toMessage } from './codec.js';
import { NOTHING_TO_RESEND, plannedSends, type ResendState } from './resend.js';
import { alreadyOnTopic, NO_TAILS, PARTITIONER, pastTails, readTails, type TopicTails } from './tails.js';

/** Where the relay sends events; kafkajs is unmaintained, so nothing outside this package sees it. */
export interface EventPublisher {
  /** Resolves once every event is acknowledged by all in-sync replicas, in the order given per key. */
  publish(events: readonly RecordedEvent[]): Promise<void>;
  close(): Promise<void>;
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
 * was (plannedSends). A new publisher, and one whose producer the broker no longer
 * knows (replaced by a new one, with a new producer id, and the send fails), first
 * reads how far each partition got (readTails) and skips what is there already: what
 * a relay that crashed before its checkpoint, or the old producer, wrote.
 */
export async function createKafkaPublisher(options: KafkaOptions & { topic?: string; partitionKey: (event: RecordedEvent) => string }): Promise<EventPublisher> {
  const topic = options.topic ?? DEFAULT_TOPIC;
  // The partitioner named, not left to kafkajs's default: the tails read must place each key where the producer did.
  const newProducer = (): Producer =>
    kafkaClient(options).producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true, createPartitioner: PARTITIONER });
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
  // What the topic held before this producer's first send; read again after a replacement.
  let tails: Promise<TopicTails> | undefined;
  const knownTails = (): Promise<TopicTails> => {
    tails ??= readTails(options, topic).catch((error: unknown) => {
      tails = undefined;
      throw error;
    });
    return tails;
  };
  return {
    async publish(events) {
      if (events.length === 0) return;
      const before = await knownTails();
      const fresh = events.filter((event) => !alreadyOnTopic(before, event, options.partitionKey(event)));
      const acknowledged = new Set(pending.acknowledged);
      for (const batch of plannedSends(pending, fresh)) {
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
            tails = undefined;
            await sending.disconnect().catch(() => undefined);
          }
          throw error;
        }
        for (const event of batch) acknowledged.add(event.event_id);
      }
      pending = NOTHING_TO_RESEND;
      // Past every partition's tail, nothing later can be on the topic already.
      if (pastTails(before, events.at(-1)!)) tails = Promise.resolve(NO_TAILS);
    },
    close: () => producer.disconnect(),
  };
}
