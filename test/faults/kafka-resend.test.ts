import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@memctx/event-store';
import { createKafkaPublisher, ensureTopic, partitionOf, type EventPublisher } from '@memctx/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../e2e/processes.js';
import { readTopic } from '../e2e/topic-reader.js';
import { startOwnBroker, type OwnBroker } from './kafka-broker.js';
import { startKafkaProxy, type KafkaProxy } from './kafka-proxy.js';
import { freePort } from './roles.js';

// The broker writes a batch and its answer is lost (the connection dies first). The relay, seeing the publish fail,
// publishes again from its checkpoint: the same events and the ones appended since. An idempotent producer's broker
// drops the copy only when the batch comes again as it was; sent as part of a larger batch, it is refused as out of
// order, the producer is replaced, and the new one writes it a second time. The publisher must put each event on the
// topic once. One retry (an idempotent kafkajs producer needs one), whose answer is lost too, so kafkajs gives up and
// the failure reaches the publisher as it does the relay's after a longer outage.
const RETRIES = 1;
const event = (n: number, user = 'alice'): RecordedEvent => ({
  global_position: n, transaction_id: 5000 + n, stream_id: `session-${user}:s1`, stream_position: n,
  event_id: randomUUID(), type: 'RoundIngested', schema_version: 1, data: { n }, metadata: {}, created_at: new Date('2026-11-28T10:00:00.000Z'),
});

const USERS = ['alice', 'bob', 'carol', 'dan', 'erin', 'frank'];
const userOf = (e: RecordedEvent) => e.stream_id.slice('session-'.length, e.stream_id.indexOf(':'));

describe('a publish whose answer the broker wrote and lost', () => {
  let broker: OwnBroker;
  let proxy: KafkaProxy;
  let publisher: EventPublisher | undefined;
  const topic = `memctx.resend.${randomUUID()}`;

  beforeAll(async () => {
    const proxyPort = await freePort();
    broker = await startOwnBroker({ advertisedPort: proxyPort });
    proxy = await startKafkaProxy(broker.port, proxyPort);
    await ensureTopic({ brokers: broker.brokers }, topic, 1);
  }, 180_000);

  afterAll(async () => {
    await publisher?.close().catch(() => undefined);
    await proxy?.close();
    await broker?.remove();
  });

  it('is sent again as it was and then the rest: every event on the topic once, in order', async () => {
    publisher = await createKafkaPublisher({ brokers: broker.brokers, topic, retries: RETRIES, partitionKey: () => 'alice' });
    const events = Array.from({ length: 9 }, (_, i) => event(i + 1));
    await publisher.publish(events.slice(0, 3));

    const lost = proxy.loseProduceAnswers(RETRIES + 1);
    await expect(publisher.publish(events.slice(3, 6))).rejects.toThrow();
    await lost;
    // The relay's loop: from its checkpoint, now with three events more, until the broker acknowledges.
    const failures: string[] = [];
    for (let attempt = 0; ; attempt++) {
      try {
        await publisher.publish(events.slice(3));
        break;
      } catch (error) {
        failures.push(String((error as { type?: string }).type ?? (error as Error).message));
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    const reader = await readTopic(broker.brokers, topic);
    try {
      await until(async () => reader.messages.length >= events.length, 60_000, 'the reader to read the topic');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      process.stdout.write(`kafka resend: ${JSON.stringify({ on_topic: reader.messages.length, events: events.length, failures })}\n`);
      expect(reader.messages.map((m) => m.event.event_id)).toEqual(events.map((e) => e.event_id));
    } finally {
      await reader.close();
    }
  }, 180_000);

  it('after a relay crashed between the broker\'s acknowledgement and its checkpoint, the next one skips what each partition holds', async () => {
    const spread = `memctx.resend.${randomUUID()}`;
    await ensureTopic({ brokers: broker.brokers }, spread, 3);
    const events = Array.from({ length: 18 }, (_, i) => event(i + 1, USERS[i % USERS.length]!));
    const options = { brokers: broker.brokers, topic: spread, partitionKey: userOf };
    // The crashed relay: events 1–6 acknowledged and checkpointed, then 7–12 written on bob's partition only (a produce
    // request whose other partitions failed), and the process gone before its checkpoint moved past 6.
    const crashed = await createKafkaPublisher(options);
    await crashed.publish(events.slice(0, 6));
    const bobs = partitionOf('bob', 3);
    await crashed.publish(events.slice(6, 12).filter((e) => partitionOf(userOf(e), 3) === bobs));
    await crashed.close();
    const restarted = await createKafkaPublisher(options);
    await restarted.publish(events.slice(6, 12));
    await restarted.publish(events.slice(12));
    await restarted.close();

    const reader = await readTopic(broker.brokers, spread);
    try {
      await until(async () => reader.messages.length >= events.length, 60_000, 'the reader to read the topic');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      process.stdout.write(`kafka restarted relay: ${JSON.stringify({ on_topic: reader.messages.length, events: events.length })}\n`);
      expect(reader.messages).toHaveLength(events.length);
      for (const user of USERS) {
        expect(reader.messages.filter((m) => m.key === user).map((m) => m.event.event_id), user).toEqual(events.filter((e) => userOf(e) === user).map((e) => e.event_id));
      }
    } finally {
      await reader.close();
    }
  }, 120_000);
});
