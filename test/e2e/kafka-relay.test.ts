import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@memctx/db';
import { event, parseStreamId, sessionStream } from '@memctx/domain';
import { createPostgresEventStore, type EventStore } from '@memctx/event-store';
import { ensureTopic } from '@memctx/kafka';
import { rebuildProjection } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { openShreddingStore } from '@memctx/shredding';
import { loadRelayCheckpoint } from '@memctx/relay';
import { testKafkaBrokers, waitUntilAllVisible } from '@memctx/testing';
import { killAndWait, startMemctxProcess, until } from './processes.js';
import { startTestServer, type Client, type TestServer } from './server.js';
import { allEvents, dedupe, readTopic, type TopicMessage } from './topic-reader.js';

const ROUNDS_PER_USER = 40;
const SEEDED = 30_000;

describe('Kafka relay', () => {
  let server: TestServer;
  let db: Db;
  let store: EventStore;
  let brokers: string[];
  const topic = `memctx.test.relay.${randomUUID()}`;
  let reader: Awaited<ReturnType<typeof readTopic>>;
  let relay: ChildProcess | undefined;
  const startRelay = () =>
    startMemctxProcess({
      MEMCTX_DATABASE_URL: server.databaseUrl, MEMCTX_ROLES: 'relay', MEMCTX_KAFKA_BROKERS: brokers.join(','), MEMCTX_KAFKA_TOPIC: topic,
      MEMCTX_EMBEDDINGS: 'off',
    });

  beforeAll(async () => {
    brokers = await testKafkaBrokers();
    await ensureTopic({ brokers }, topic, 3);
    server = await startTestServer({ MEMCTX_EMBEDDINGS: 'off' });
    db = createPostgresDb({ connectionString: server.databaseUrl, maxConnections: 4 });
    store = createPostgresEventStore(db);
    reader = await readTopic(brokers, topic);
    relay = startRelay();
  });

  afterAll(async () => {
    if (relay) await killAndWait(relay, 'SIGKILL');
    await reader?.close();
    await db?.close();
    await server?.stop();
  });

  it('publishes rounds posted over HTTP, keyed by user, in per-user order, none missing', async () => {
    const users: Client[] = await Promise.all([1, 2, 3].map(() => server.newUser('kafka')));
    const acknowledged = new Map<string, string[]>();
    await Promise.all(users.map(async (user) => {
      const rounds: string[] = [];
      for (let n = 0; n < ROUNDS_PER_USER; n++) {
        const response = await user.call('POST', '/api/v1/memory/ingest', { session_id: `s${n % 4}`, user_message: `note ${n} of ${user.userId}`, assistant_message: 'ok' });
        expect(response.status).toBe(200);
        rounds.push(response.body.round_id);
      }
      acknowledged.set(user.userId, rounds);
    }));
    const roundsOnTopic = () => dedupe(reader.messages).filter((m) => m.event.type === 'RoundIngested');
    await until(async () => roundsOnTopic().length >= users.length * ROUNDS_PER_USER, 60_000, 'every round on the topic');

    for (const user of users) {
      const mine: TopicMessage[] = roundsOnTopic().filter((m) => m.key === user.userId);
      expect(mine.map((m) => m.event.data.round_id)).toEqual(acknowledged.get(user.userId));
      expect(new Set(mine.map((m) => m.partition)).size).toBe(1);
      expect(mine.every((m) => parseStreamId(m.event.stream_id).userId === user.userId)).toBe(true);
    }
    await waitUntilAllVisible(db);
    const stored = await allEvents(store);
    await until(async () => dedupe(reader.messages).length >= stored.length, 30_000, 'every stored event on the topic');
    expect(new Set(dedupe(reader.messages).map((m) => m.event.event_id))).toEqual(new Set(stored.map((e) => e.event_id)));
  });

  it('a relay killed with SIGKILL mid-stream and restarted leaves no gap and writes nothing twice', async () => {
    await killAndWait(relay!, 'SIGKILL');
    const before = reader.messages.length;
    const at = new Date().toISOString();
    for (let offset = 0; offset < SEEDED; offset += 1_000) {
      await store.appendMany(Array.from({ length: 1_000 }, (_, i) => {
        const n = offset + i;
        const [user, session] = [`seed-${n % 5}`, `s${n % 50}`];
        return {
          streamId: sessionStream(user, session),
          events: [{ event_id: randomUUID(), ...event('RoundIngested', {
            user_id: user, session_id: session, project_id: null, round_id: randomUUID(), user_message: `seeded ${n}`,
            assistant_message: '', client_timestamp: null, response_time_ms: null, ingested_at: at,
          }) }],
        };
      }));
    }
    await waitUntilAllVisible(db);
    relay = startRelay();
    await until(async () => reader.messages.length > before + 2_000, 60_000, 'the restarted relay to publish');
    await killAndWait(relay, 'SIGKILL');
    const checkpointAtKill = await loadRelayCheckpoint(db, topic);
    const head = await store.head();
    expect(checkpointAtKill.global_position).toBeLessThan(head.global_position);

    relay = startRelay();
    const stored = await allEvents(store);
    await until(async () => dedupe(reader.messages).length >= stored.length, 120_000, 'the topic to hold every event');
    const unique = dedupe(reader.messages);
    expect(new Set(unique.map((m) => m.event.event_id))).toEqual(new Set(stored.map((e) => e.event_id)));
    // The restarted relay read how far each partition got before sending, so what the killed one wrote past its
    // checkpoint is not written again.
    expect(reader.messages.length).toBe(unique.length);
    // Per user, the first occurrences are in feed order: a duplicate never overtakes a newer event.
    const feedOrder = new Map(stored.map((e, i) => [e.event_id, i]));
    for (const key of new Set(unique.map((m) => m.key))) {
      const order = unique.filter((m) => m.key === key).map((m) => feedOrder.get(m.event.event_id)!);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  }, 300_000);

  it('a projection rebuild publishes nothing again', async () => {
    const head = await store.head();
    await until(async () => (await loadRelayCheckpoint(db, topic)).global_position >= head.global_position, 60_000, 'the relay to catch up');
    await new Promise((r) => setTimeout(r, 1_000));
    const published = reader.messages.length;
    const { store: opened } = await openShreddingStore(db);
    await rebuildProjection(db, opened, allProjections.find((p) => p.name === 'sessions')!, { batchSize: 5_000 });
    await new Promise((r) => setTimeout(r, 2_000));
    expect(reader.messages.length).toBe(published);
    expect(await loadRelayCheckpoint(db, topic)).toEqual(await store.head());
  }, 120_000);
});
