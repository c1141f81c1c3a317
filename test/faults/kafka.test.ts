import { randomUUID } from 'node:crypto';
import { createPostgresDb, type Db } from '@memctx/db';
import { compareCheckpoints, createPostgresEventStore, type EventStore } from '@memctx/event-store';
import { groupLag } from '@memctx/kafka';
import { rebuildProjection } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { loadRelayCheckpoint } from '@memctx/relay';
import { openShreddingStore } from '@memctx/shredding';
import { createTestDatabase, waitUntilAllVisible, type TestDatabase } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAndWait, snapshotReadModels, until } from '../e2e/processes.js';
import { allEvents, dedupe, readTopic } from '../e2e/topic-reader.js';
import { startOwnBroker, type OwnBroker } from './kafka-broker.js';
import { postRounds, statusesBetween } from './load.js';
import { createApiKey, startRole, type RoleProcess } from './roles.js';
import { storedRounds } from './stored-rounds.js';

// The Kafka broker stopped for 10 s twice under 8 clients posting rounds, with the API, the relay and two
// Kafka-fed projectors as separate processes on a broker of the test's own: once right after the relay created
// the topic, while the projectors are still starting, and once while they consume. The API keeps accepting,
// the topic holds every event exactly once in order per key, no process exits, the projectors' lag returns to
// 0, and their read models equal a projection of the same events from the feed.
const CLIENTS = 8;
const STOP_MS = 10_000;
const PARTITIONS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outage {
  name: string;
  from: number;
  back: number;
  /** ms after `back` when the relay's checkpoint and the read models first moved again. */
  relayAgain?: number;
  projectorsAgain?: number;
}

/** The relay's logged failures by error type and message, so a duplicate on the topic can be traced to the send that caused it. */
function relayFailures(log: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const parsed = (line: string): { err?: { type?: string; name?: string; message?: string } } | undefined => {
    try {
      return JSON.parse(line);
    } catch {
      return undefined;
    }
  };
  for (const line of log.split('\n')) {
    const entry = parsed(line);
    if (!entry?.err) continue;
    const key = `${entry.err.type ?? entry.err.name ?? 'Error'}: ${(entry.err.message ?? '').slice(0, 120)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('Kafka broker restarted under load', () => {
  let broker: OwnBroker;
  let database: TestDatabase;
  let db: Db;
  let store: EventStore;
  const roles: RoleProcess[] = [];
  const stragglers: Promise<RoleProcess>[] = [];
  const topic = `memctx.faults.${randomUUID()}`;
  const group = `memctx-faults-${randomUUID()}`;
  let env: Record<string, string>;

  beforeAll(async () => {
    broker = await startOwnBroker();
    database = await createTestDatabase('faults_kafka');
    db = createPostgresDb({ connectionString: database.url, maxConnections: 4 });
    store = createPostgresEventStore(db);
    env = {
      MEMCTX_DATABASE_URL: database.url, MEMCTX_KAFKA_BROKERS: broker.brokers.join(','), MEMCTX_KAFKA_TOPIC: topic, MEMCTX_KAFKA_GROUP: group,
      MEMCTX_KAFKA_PARTITIONS: String(PARTITIONS), MEMCTX_LOG_LEVEL: 'fatal',
    };
    roles.push(await startRole('api', env));
  }, 180_000);

  afterAll(async () => {
    for (const started of await Promise.allSettled(stragglers)) if (started.status === 'fulfilled' && !roles.includes(started.value)) roles.push(started.value);
    for (const role of roles) await killAndWait(role.child, 'SIGKILL');
    await db?.close();
    await broker?.remove();
    await database?.drop();
  });

  it('loses nothing, publishes each event once in order, keeps every process up and the projectors catch up', async () => {
    const api = roles[0]!;
    const apiKey = await createApiKey(api.url, 'kafka-fault-user');
    const load = postRounds({ url: api.url, apiKey, clients: CLIENTS, sessionPrefix: 'kafka' });
    const now = () => performance.now() - load.started;
    const outages: Outage[] = [];
    const relayAt = async () => (await loadRelayCheckpoint(db, topic)).global_position;
    const projectedAt = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM session_messages')).rows[0]!.n;
    /** Polls from `back` until both the relay and the projectors moved again. */
    async function watchRecovery(outage: Outage): Promise<void> {
      const [relayBefore, projectedBefore] = [await relayAt(), await projectedAt()];
      for (const deadline = Date.now() + 60_000; (outage.relayAgain === undefined || outage.projectorsAgain === undefined) && Date.now() < deadline; await sleep(100)) {
        if (outage.relayAgain === undefined && (await relayAt()) > relayBefore) outage.relayAgain = now() - outage.back;
        if (outage.projectorsAgain === undefined && (await projectedAt()) > projectedBefore) outage.projectorsAgain = now() - outage.back;
      }
    }

    // 1. The relay creates the topic; the projectors start at once and the broker goes away while they do.
    await sleep(1_000);
    const relay = await startRole('relay', env, { keepLog: 'warn' });
    roles.push(relay);
    const projectorEnv = { ...env, MEMCTX_PROJECTOR_SOURCE: 'kafka' };
    const starting = [startRole('projector', projectorEnv), startRole('projector', projectorEnv)];
    // Killed after the test even when the broker's restart fails before they are awaited.
    stragglers.push(...starting);
    await sleep(3_000);
    let from = now();
    await broker.stop();
    await sleep(STOP_MS);
    await broker.start();
    const first: Outage = { name: 'stop for 10 s while the projectors start (topic just created)', from, back: now() };
    outages.push(first);
    const watching = watchRecovery(first);
    const projectors = await Promise.all(starting);
    roles.push(...projectors);
    await watching;

    // 2. The broker goes away while the relay publishes and the projectors consume.
    await sleep(5_000);
    from = now();
    await broker.stop();
    await sleep(STOP_MS);
    await broker.start();
    const second: Outage = { name: 'stop for 10 s while consuming', from, back: now() };
    outages.push(second);
    await watchRecovery(second);
    await sleep(3_000);
    await load.stop();
    const stoppedAt = now();

    // The relay and the projectors work off what the outage held back: relay lag and consumer-group lag reach 0.
    await waitUntilAllVisible(db);
    const head = await store.head();
    await until(async () => compareCheckpoints(await loadRelayCheckpoint(db, topic), head) >= 0, 120_000, 'the relay to publish every event').catch(
      (error: unknown) => {
        process.stdout.write(`the relay's last log lines:\n${relay.recentLog()}\n`);
        throw error;
      },
    );
    const relayCaughtUp = now() - stoppedAt;
    await until(async () => (await groupLag({ brokers: broker.brokers }, group, topic)) === 0, 180_000, 'the projectors\' consumer-group lag to reach 0');
    const projectorsCaughtUp = now() - stoppedAt;
    const exits = roles.map((role) => role.exit() ?? null);

    // The topic, read whole by a reader of its own.
    const stored = await allEvents(store);
    const reader = await readTopic(broker.brokers, topic);
    let unique: ReturnType<typeof dedupe> = [];
    try {
      await until(async () => reader.messages.length >= stored.length, 120_000, 'the reader to read the topic');
      await sleep(1_000);
      unique = dedupe(reader.messages);
    } finally {
      await reader.close();
    }
    const onTopic = new Set(unique.map((m) => m.event.event_id));
    const feedOrder = new Map(stored.map((e, i) => [e.event_id, i]));
    const outOfOrderKeys = [...new Set(unique.map((m) => m.key))].filter((key) => {
      const order = unique.filter((m) => m.key === key).map((m) => feedOrder.get(m.event.event_id)!);
      return order.some((position, i) => i > 0 && position < order[i - 1]!);
    });

    // Read models built from Kafka against the same events projected from the feed.
    const fromKafka = await snapshotReadModels(db);
    for (const projector of projectors) await killAndWait(projector.child, 'SIGTERM');
    const { store: opened } = await openShreddingStore(db);
    for (const projection of allProjections) await rebuildProjection(db, opened, projection, { batchSize: 5_000 });
    const fromFeed = await snapshotReadModels(db);

    const rounds = await storedRounds(database.url, load.acknowledged);
    await rounds.close();
    const summary = {
      acknowledged: load.acknowledged.length, stored: rounds.stored, lost: rounds.lost, duplicated: rounds.duplicated,
      events: stored.length, on_topic: reader.messages.length, on_topic_unique: unique.length,
      topic_duplicates: reader.messages.length - unique.length,
      redelivered_to_reader: reader.redeliveries(),
      missing_from_topic: stored.filter((e) => !onTopic.has(e.event_id)).length,
      keys_out_of_order: outOfOrderKeys.length,
      read_models_equal_feed_projection: JSON.stringify(fromKafka) === JSON.stringify(fromFeed),
      session_messages: fromKafka.session_messages!.length,
      statuses_overall: statusesBetween(load.answers, 0, Infinity),
      outages: outages.map((o) => ({
        outage: o.name,
        seconds: Number(((o.back - o.from) / 1000).toFixed(2)),
        statuses: statusesBetween(load.answers, o.from, o.back),
        relay_publishing_again_seconds: o.relayAgain === undefined ? null : Number((o.relayAgain / 1000).toFixed(2)),
        projectors_applying_again_seconds: o.projectorsAgain === undefined ? null : Number((o.projectorsAgain / 1000).toFixed(2)),
      })),
      after_load_stopped: { relay_lag_0_seconds: Number((relayCaughtUp / 1000).toFixed(2)), group_lag_0_seconds: Number((projectorsCaughtUp / 1000).toFixed(2)) },
      exits,
      relay_failures: relayFailures(relay.recentLog()),
    };
    process.stdout.write(`kafka faults: ${JSON.stringify(summary, null, 2)}\n`);

    expect(rounds.lost).toBe(0);
    expect(rounds.duplicated).toBe(0);
    expect(summary.missing_from_topic).toBe(0);
    expect(summary.topic_duplicates).toBe(0);
    expect(summary.keys_out_of_order).toBe(0);
    expect(fromFeed).toEqual(fromKafka);
    expect(exits).toEqual([null, null, null, null]);
    expect(Object.keys(summary.statuses_overall).filter((status) => !/^2\d\d$/.test(status))).toEqual([]);
    // Bounds that catch a regression (kafkajs's 30 s backoff, a 30 s group session), not a speed claim on a
    // loaded machine; kafka-member.test.ts checks that a consumer kafkajs restarted rejoins as the member it was.
    for (const outage of summary.outages) {
      expect(outage.relay_publishing_again_seconds, outage.outage).toBeLessThan(10);
      expect(outage.projectors_applying_again_seconds, outage.outage).toBeLessThan(20);
    }
  }, 420_000);
});
