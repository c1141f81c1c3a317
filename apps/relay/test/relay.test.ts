import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStreamId, partitionKeyOf } from '@memctx/domain';
import { START, type RecordedEvent } from '@memctx/event-store';
import { createKafkaPublisher, ensureTopic, type EventPublisher } from '@memctx/kafka';
import { openRuntime, type Runtime } from '@memctx/runtime';
import { createLogger, loadConfig } from '@memctx/shared';
import { createTestDatabase, testKafkaBrokers, waitUntilAllVisible, type TestDatabase } from '@memctx/testing';
import { loadRelayCheckpoint, startRelay, startRelayRole } from '../src/index.js';
import { deliveries, readRawTopic, type RawMessage } from './topic-reader.js';

// Marks the text the users wrote, so a test can look for it on the wire.
const SECRET = `secret${randomUUID().replaceAll('-', '')}`;
const newTopic = () => `memctx.test.relay.${randomUUID()}`;

describe('relay', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let brokers: string[];
  const roleTopic = newTopic();
  const readers: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    brokers = await testKafkaBrokers();
    database = await createTestDatabase('relay');
    const config = loadConfig({
      MEMCTX_DATABASE_URL: database.url, MEMCTX_EMBEDDINGS: 'off', MEMCTX_LOG_LEVEL: 'silent',
      MEMCTX_KAFKA_BROKERS: brokers.join(','), MEMCTX_KAFKA_TOPIC: roleTopic, MEMCTX_KAFKA_PARTITIONS: '3',
    });
    runtime = await openRuntime(config, createLogger(config));
  });
  afterAll(async () => {
    await Promise.all(readers.map((reader) => reader.close()));
    await runtime?.close();
    await database?.drop();
  });

  /** Rounds of several users, interleaved in the feed: each user's own rounds in a row, the users concurrently. */
  async function ingest(users: readonly string[], rounds: number): Promise<void> {
    await Promise.all(users.map(async (user) => {
      for (let n = 0; n < rounds; n++) {
        await runtime.service.ingestRound(user, { session_id: `s${n % 2}`, user_message: `${SECRET} ${n}`, assistant_message: 'noted' });
      }
    }));
  }

  async function feed(): Promise<RecordedEvent[]> {
    await waitUntilAllVisible(runtime.db);
    return runtime.storedEvents.readAll({ after: START, maxCount: 10_000 });
  }

  async function read(topic: string): Promise<RawMessage[]> {
    const reader = await readRawTopic(brokers, topic);
    readers.push(reader);
    return reader.messages;
  }

  const publisherOf = (topic: string) => createKafkaPublisher({ brokers, topic, clientId: 'memctx-relay-test', partitionKey: partitionKeyOf });

  /** Waits until every event of the feed arrived at least once. */
  async function untilAllArrived(messages: readonly RawMessage[], events: readonly RecordedEvent[]): Promise<void> {
    await expect.poll(() => events.filter((e) => !deliveries(messages).has(e.event_id)).length, { timeout: 30_000 }).toBe(0);
  }

  /** Per key, the first arrival of each event is in feed order: a repeat never overtakes a newer event. */
  function expectFeedOrderPerKey(messages: readonly RawMessage[], events: readonly RecordedEvent[]): void {
    const position = new Map(events.map((e) => [e.event_id, e.global_position]));
    const seen = new Set<string>();
    const byKey = new Map<string, number[]>();
    for (const { key, event } of messages) {
      if (seen.has(event.event_id)) continue;
      seen.add(event.event_id);
      byKey.set(key, [...(byKey.get(key) ?? []), position.get(event.event_id)!]);
    }
    for (const positions of byKey.values()) expect(positions).toEqual([...positions].sort((a, b) => a - b));
  }

  it('publishes the feed as stored, in order per user, keyed by user id, with the event id in a header', async () => {
    const users = ['ana', 'ben', 'cy'];
    await ingest(users, 6);
    const events = await feed();
    expect(events.length).toBeGreaterThanOrEqual(users.length * 6);
    // Created before the role would, so the reader can subscribe to it first.
    await ensureTopic({ brokers }, roleTopic, 3);
    const messages = await read(roleTopic);
    const role = await startRelayRole(runtime);
    try {
      await untilAllArrived(messages, events);
    } finally {
      await role.stop();
    }

    expect([...deliveries(messages).values()].every((count) => count === 1)).toBe(true);
    expect(new Set(messages.map((m) => m.event.event_id))).toEqual(new Set(events.map((e) => e.event_id)));
    for (const { key, event, eventIdHeader } of messages) {
      expect(key).toBe(parseStreamId(event.stream_id).userId);
      expect(eventIdHeader).toBe(event.event_id);
    }
    expect(new Set(messages.map((m) => m.key))).toEqual(new Set(users));
    for (const user of users) expect(new Set(messages.filter((m) => m.key === user).map((m) => m.partition)).size).toBe(1);
    expectFeedOrderPerKey(messages, events);
    // The role publishes the stored feed: personal fields stay sealed on the topic.
    expect(messages.filter((m) => m.value.includes(SECRET))).toEqual([]);
    expect(await loadRelayCheckpoint(runtime.db, roleTopic)).toEqual(await runtime.storedEvents.head());
  });

  it('keeps its checkpoint where it was while the broker acknowledges nothing, then publishes from there', async () => {
    const topic = newTopic();
    await ensureTopic({ brokers }, topic, 3);
    const events = await feed();
    // A producer that has disconnected: every send fails in kafkajs itself, as with a broker that is gone.
    const gone = await publisherOf(topic);
    await gone.close();
    const errors: unknown[] = [];
    const failing = await startRelay({ db: runtime.db, store: runtime.storedEvents, publisher: gone, name: topic, pollIntervalMs: 20, onError: (e) => errors.push(e) });
    try {
      // Two failures: the relay retried after its pause, and still did not move.
      await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(String(errors[0])).toMatch(/disconnected/);
      expect(failing.checkpoint()).toEqual(START);
      expect(await loadRelayCheckpoint(runtime.db, topic)).toEqual(START);
    } finally {
      await failing.stop();
    }

    const messages = await read(topic);
    const publisher = await publisherOf(topic);
    const relay = await startRelay({ db: runtime.db, store: runtime.storedEvents, publisher, name: topic, batchSize: 4, pollIntervalMs: 20 });
    try {
      await untilAllArrived(messages, events);
    } finally {
      await relay.stop();
      await publisher.close();
    }
    expect(new Set(messages.map((m) => m.event.event_id))).toEqual(new Set(events.map((e) => e.event_id)));
    expect(await loadRelayCheckpoint(runtime.db, topic)).toEqual(await runtime.storedEvents.head());
  });

  it('resumes from its checkpoint after a stop: what came before is not published again, what came after is', async () => {
    const topic = newTopic();
    await ensureTopic({ brokers }, topic, 3);
    const messages = await read(topic);
    const publisher = await publisherOf(topic);
    const relayOn = () => startRelay({ db: runtime.db, store: runtime.storedEvents, publisher, name: topic, batchSize: 4, pollIntervalMs: 20 });
    try {
      const before = await feed();
      const first = await relayOn();
      await untilAllArrived(messages, before);
      await first.stop();
      expect(await loadRelayCheckpoint(runtime.db, topic)).toEqual(await runtime.storedEvents.head());

      await ingest(['ana', 'dee'], 5);
      const after = await feed();
      expect(after.length).toBeGreaterThan(before.length);
      const second = await relayOn();
      await untilAllArrived(messages, after);
      await second.stop();
      // A clean stop saved the last acknowledged batch: each event arrived once, none of the first run again.
      expect([...deliveries(messages).values()].every((count) => count === 1)).toBe(true);
      expect(messages.length).toBe(after.length);
      expectFeedOrderPerKey(messages, after);
    } finally {
      await publisher.close();
    }
  });

  it('a failure between the broker acknowledging and the checkpoint being saved repeats only that batch, skipping nothing', async () => {
    const topic = newTopic();
    await ensureTopic({ brokers }, topic, 3);
    const events = await feed();
    const messages = await read(topic);
    const real = await publisherOf(topic);
    // The broker really has the third batch; only the relay dies before saving it (as in a crash at that point).
    let batches = 0;
    const acknowledgedThenLost: string[] = [];
    const publisher: EventPublisher = {
      async publish(batch) {
        await real.publish(batch);
        if (++batches === 3) {
          acknowledgedThenLost.push(...batch.map((e) => e.event_id));
          throw new Error('lost after the acknowledgement');
        }
      },
      close: () => real.close(),
    };
    const errors: unknown[] = [];
    const relay = await startRelay({ db: runtime.db, store: runtime.storedEvents, publisher, name: topic, batchSize: 4, pollIntervalMs: 20, onError: (e) => errors.push(e) });
    try {
      await untilAllArrived(messages, events);
      await expect.poll(() => relay.checkpoint(), { timeout: 10_000 }).toEqual(await runtime.storedEvents.head());
    } finally {
      await relay.stop();
      await publisher.close();
    }
    expect(errors).toHaveLength(1);
    expect(acknowledgedThenLost).toHaveLength(4);
    const repeated = [...deliveries(messages)].filter(([, count]) => count > 1);
    expect(new Set(repeated.map(([id]) => id))).toEqual(new Set(acknowledgedThenLost));
    expect(repeated.every(([, count]) => count === 2)).toBe(true);
    expect(new Set(messages.map((m) => m.event.event_id))).toEqual(new Set(events.map((e) => e.event_id)));
    expectFeedOrderPerKey(messages, events);
  });
});
