import { randomUUID } from 'node:crypto';
import { Partitioners } from 'kafkajs';
import { checkpointOf, compareCheckpoints, type Checkpoint, type RecordedEvent } from '@memctx/event-store';
import { fromMessage } from './codec.js';
import { kafkaClient, type KafkaOptions } from './client.js';

/**
 * How far each partition of a topic got: the feed position of its last message. A publisher that starts (a relay
 * restarted after a crash that came between the broker's acknowledgement and the checkpoint) or that replaced its
 * producer does not know what the one before it wrote; the relay publishes in feed order, so on each partition
 * everything up to its last message is there already.
 */
export interface TopicTails {
  partitions: number;
  last: ReadonlyMap<number, Checkpoint>;
}

export const NO_TAILS: TopicTails = { partitions: 0, last: new Map() };

/** murmur2 of the key, as Java's client: the publisher's producer is created with it, and partitionOf reads it. */
export const PARTITIONER = Partitioners.DefaultPartitioner;
const partitioner = PARTITIONER();

/** The partition of a topic with `partitions` partitions that a message keyed `key` goes to. */
export const partitionOf = (key: string, partitions: number): number =>
  partitioner({ topic: '', partitionMetadata: Array.from({ length: partitions }, (_, partitionId) => ({ partitionId, leader: 0 })) as never, message: { key, value: null } });

/** Whether the topic holds `event` already: its partition's last message is at or past it. */
export function alreadyOnTopic(tails: TopicTails, event: RecordedEvent, key: string): boolean {
  if (tails.last.size === 0) return false;
  const last = tails.last.get(partitionOf(key, tails.partitions));
  return last !== undefined && compareCheckpoints(checkpointOf(event), last) <= 0;
}

/** Whether `event` is past every partition's last message, so no later event can be on the topic already. */
export const pastTails = (tails: TopicTails, event: RecordedEvent): boolean =>
  [...tails.last.values()].every((last) => compareCheckpoints(checkpointOf(event), last) > 0);

/**
 * Reads the last message of each partition that holds any, with a consumer of a group of its own that seeks there
 * and commits nothing. Rejects when the broker is away. A partition whose last message has not come within
 * `timeoutMs` is left out (what is on it may then be written again): a read that never ends must not stop publishing.
 */
export async function readTails(options: KafkaOptions, topic: string, timeoutMs = 30_000): Promise<TopicTails> {
  const kafka = kafkaClient(options);
  const admin = kafka.admin();
  await admin.connect();
  let offsets: { partition: number; offset: string; high: string; low: string }[];
  try {
    if (!(await admin.listTopics()).includes(topic)) return NO_TAILS;
    offsets = await admin.fetchTopicOffsets(topic);
  } finally {
    await admin.disconnect();
  }
  const wanted = new Map(offsets.filter((o) => BigInt(o.high) > BigInt(o.low)).map((o) => [o.partition, BigInt(o.high) - 1n]));
  if (wanted.size === 0) return { partitions: offsets.length, last: new Map() };

  const consumer = kafka.consumer({ groupId: `memctx-tails-${randomUUID()}`, allowAutoTopicCreation: false });
  const last = new Map<number, Checkpoint>();
  try {
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: false });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => resolve(), timeoutMs);
      const settle = (error?: unknown) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      consumer.on(consumer.events.GROUP_JOIN, () => {
        for (const [partition, offset] of wanted) consumer.seek({ topic, partition, offset: offset.toString() });
      });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (!payload.restart) settle(payload.error);
      });
      consumer.run({
        autoCommit: false,
        eachMessage: async ({ partition, message }) => {
          const offset = wanted.get(partition);
          if (offset === undefined || BigInt(message.offset) < offset) return;
          last.set(partition, checkpointOf(fromMessage(message.value, message.headers ?? {})));
          wanted.delete(partition);
          if (wanted.size === 0) settle();
        },
      }).catch(settle);
    });
  } finally {
    await consumer.disconnect().catch(() => undefined);
  }
  return { partitions: offsets.length, last };
}
