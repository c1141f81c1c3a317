import type { Consumer } from 'kafkajs';
import type { RecordedEvent } from '@memctx/event-store';
import { retryWithBackoff, wakeableSleep } from '@memctx/shared';
import { fromMessage } from './codec.js';
import { DEFAULT_TOPIC, kafkaClient, type KafkaOptions } from './client.js';

export interface EventSourceBatch {
  partition: number;
  events: RecordedEvent[];
  /** The message key of each event (its partition key), index for index. */
  keys: string[];
  /** Each event's offset in its partition, index for index: a batch delivered again carries the same ones. */
  offsets: string[];
}

/** Feeds batches of events from a consumer group; offsets are committed only after a batch was handled. */
export interface EventSource {
  /** Resolves when the consumer has joined its group; handler failures are retried by redelivery. */
  start(onBatch: (batch: EventSourceBatch) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * With one broker, its restart crashes a kafkajs consumer (no broker left to fetch from) and kafkajs restarts it
 * with a new consumer group. kafkajs has no static membership (KIP-345), so that group would join as a new member,
 * which the coordinator (reloading the group with the old member) holds until the old member's session expires.
 * patches/kafkajs@2.2.4.patch gives the restarted group the member id its failed LeaveGroup left behind, so it
 * rejoins as the same member; a member the coordinator forgot is refused and kafkajs joins as a new one. The
 * session is still short against the cases the patch does not cover (a consumer this module creates anew): 10 s
 * instead of the 30 s default, above the brokers' usual 6 s minimum, with heartbeats every second, during long
 * batches too.
 */
const SESSION_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 1_000;

export function createKafkaEventSource(options: KafkaOptions & {
  topic?: string;
  groupId: string;
  /** Where a group with no committed offsets starts: the oldest message (default, projectors) or the next one. */
  fromBeginning?: boolean;
  onError?: (error: unknown) => void;
}): EventSource {
  const topic = options.topic ?? DEFAULT_TOPIC;
  let consumer: Consumer | undefined;
  let stopped = false;
  const nap = wakeableSleep();

  /** One consumer, from connecting to having joined its group; rejects when it crashes before that. */
  async function join(onBatch: (batch: EventSourceBatch) => Promise<void>): Promise<void> {
    const current = kafkaClient(options).consumer({
      groupId: options.groupId, allowAutoTopicCreation: true, sessionTimeout: SESSION_TIMEOUT_MS, heartbeatInterval: HEARTBEAT_MS,
    });
    consumer = current;
    let hasJoined = false;
    const joined = new Promise<void>((resolve, reject) => {
      current.on(current.events.GROUP_JOIN, () => {
        hasJoined = true;
        resolve();
      });
      current.on(current.events.CRASH, ({ payload }) => {
        // kafkajs restarts after a retriable error itself; after any other the consumer is gone for good.
        if (payload.restart) return;
        // Before joining, `join` rejects and is retried; after, the consumer is joined again from here.
        if (!hasJoined) reject(payload.error);
        else if (consumer === current && !stopped) void rejoin(onBatch, payload.error);
      });
    });
    joined.catch(() => undefined);
    await current.connect();
    await current.subscribe({ topic, fromBeginning: options.fromBeginning ?? true });
    await current.run({
      // Auto-commit only commits offsets we resolved, i.e. of batches already applied: at-least-once delivery.
      autoCommitInterval: 1_000,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
        if (!isRunning() || isStale() || batch.messages.length === 0) return;
        const events = batch.messages.map((message) => fromMessage(message.value, message.headers ?? {}));
        // A long batch keeps the member's session alive, which the short session timeout needs.
        const beating = setInterval(() => void heartbeat().catch(() => undefined), HEARTBEAT_MS);
        try {
          await onBatch({
            partition: batch.partition, events, keys: batch.messages.map((message) => message.key?.toString() ?? ''),
            offsets: batch.messages.map((message) => message.offset),
          });
        } catch (error) {
          // Nothing is resolved, so kafkajs seeks back and delivers the batch again.
          options.onError?.(error);
          throw error;
        } finally {
          clearInterval(beating);
        }
        resolveOffset(batch.lastOffset());
        await commitOffsetsIfNecessary();
        await heartbeat();
      },
    });
    await joined;
  }

  /**
   * Joins, and joins again after a failure, until stopped: a topic not served yet (the relay just created it,
   * "This server does not host this topic-partition") or a broker away waits here instead of ending the process.
   */
  async function joinRetrying(onBatch: (batch: EventSourceBatch) => Promise<void>): Promise<void> {
    await retryWithBackoff(() => join(onBatch), {
      // Each attempt already spends kafkajs's own retries; a short pause keeps the first one after the broker is back close.
      baseMs: 250,
      capMs: 1_000,
      stopped: () => stopped,
      sleep: (ms) => nap.sleep(ms),
      onError: (error) => {
        options.onError?.(error);
        void consumer?.disconnect().catch(() => undefined);
      },
    });
  }

  async function rejoin(onBatch: (batch: EventSourceBatch) => Promise<void>, error: unknown): Promise<void> {
    options.onError?.(error);
    await consumer?.disconnect().catch(() => undefined);
    await joinRetrying(onBatch).catch(() => undefined);
  }

  return {
    start: (onBatch) => joinRetrying(onBatch),
    async stop() {
      stopped = true;
      nap.wake();
      await consumer?.disconnect();
    },
  };
}
