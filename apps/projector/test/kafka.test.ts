import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionKeyOf } from '@memctx/domain';
import { START, type Checkpoint, type RecordedEvent } from '@memctx/event-store';
import { createKafkaPublisher, ensureTopic, kafkaClient, type EventPublisher } from '@memctx/kafka';
import type { RoleHandle } from '@memctx/runtime';
import { testKafkaBrokers } from '@memctx/testing';
import { startProjectorRole } from '../src/index.js';
import { openProjectorHarness, type ProjectorHarness } from './harness.js';

describe('projector role, consuming the relay topic', () => {
  const topic = `memctx.test.projector.${randomUUID()}`;
  const group = `projector-test-${randomUUID()}`;
  let brokers: string[];
  let harness: ProjectorHarness;
  let publisher: EventPublisher;
  let role: RoleHandle | undefined;
  // What has been put on the topic so far, as the relay would: the stored (sealed) feed, in order.
  let published: Checkpoint = START;
  let lastBatch: RecordedEvent[] = [];

  beforeAll(async () => {
    brokers = await testKafkaBrokers();
    await ensureTopic({ brokers }, topic, 3);
    harness = await openProjectorHarness('projector_kafka', {
      MEMCTX_PROJECTOR_SOURCE: 'kafka', MEMCTX_KAFKA_BROKERS: brokers.join(','), MEMCTX_KAFKA_TOPIC: topic, MEMCTX_KAFKA_GROUP: group,
    });
    publisher = await createKafkaPublisher({ brokers, topic, clientId: 'memctx-projector-test', partitionKey: partitionKeyOf });
  });
  afterAll(async () => {
    await role?.stop();
    await publisher?.close();
    await harness?.close();
  });

  async function publishNew(): Promise<void> {
    lastBatch = await harness.runtime.storedEvents.readAll({ after: published, maxCount: 10_000 });
    await publisher.publish(lastBatch);
    published = lastBatch[lastBatch.length - 1]!;
  }
  /** How many messages the group has committed as applied, over all partitions. */
  async function committed(): Promise<number> {
    const admin = kafkaClient({ brokers }).admin();
    await admin.connect();
    try {
      const [offsets] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
      return offsets!.partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
    } finally {
      await admin.disconnect();
    }
  }
  const turns = (user: string, expected: number) => expect.poll(async () => (await harness.messages(user)).turns, { timeout: 30_000 }).toBe(expected);

  it('projects the sealed events of the topic into the read models, opened with the key store', async () => {
    await harness.ingest('ana', 4);
    await harness.ingest('ben', 2);
    await publishNew();
    expect(lastBatch.some((e) => JSON.stringify(e.data).includes('question'))).toBe(false);
    role = await startProjectorRole(harness.runtime);
    await turns('ana', 8);
    await turns('ben', 4);
    expect(await harness.messages('ana')).toEqual({ turns: 8, plain: 4 });
  });

  it('commits what it applied, resumes from there after a stop, and a batch delivered again changes nothing', async () => {
    await role!.stop();
    role = undefined;
    const firstRun = lastBatch;
    // A clean stop leaves every applied message committed: a restart starts after them.
    expect(await committed()).toBe(firstRun.length);
    // Removed while the projector is down; stream guards keep an event delivered again from bringing it back.
    const first = firstRun.find((e) => e.type === 'RoundIngested')!;
    await harness.runtime.db.query('DELETE FROM activity_items WHERE global_position = $1', [first.global_position]);
    await harness.ingest('ana', 2);
    await harness.ingest('cy', 3);
    await publishNew();
    // As after a relay crash: the last batch once more.
    await publisher.publish(lastBatch);
    role = await startProjectorRole(harness.runtime);
    await turns('cy', 6);
    await turns('ana', 12);
    expect(await harness.messages('cy')).toEqual({ turns: 6, plain: 3 });
    const { rows } = await harness.runtime.db.query('SELECT user_id, session_id, message_count FROM sessions ORDER BY 1, 2');
    expect(rows).toEqual([
      { user_id: 'ana', session_id: 's0', message_count: 6 }, { user_id: 'ana', session_id: 's1', message_count: 6 },
      { user_id: 'ben', session_id: 's0', message_count: 2 }, { user_id: 'ben', session_id: 's1', message_count: 2 },
      { user_id: 'cy', session_id: 's0', message_count: 4 }, { user_id: 'cy', session_id: 's1', message_count: 2 },
    ]);
    const { rows: items } = await harness.runtime.db.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_items WHERE global_position = $1', [first.global_position]);
    expect(items[0]!.n).toBe(0);
    await expect.poll(committed, { timeout: 10_000 }).toBe(firstRun.length + 2 * lastBatch.length);
  });
});
