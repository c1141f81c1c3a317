/**
 * Relay: events/s from the PostgreSQL feed to Kafka, and latency from append to topic.
 *   pnpm bench:relay     (MEMCTX_BENCH_EVENTS=1000000, MEMCTX_BENCH_KAFKA_BROKERS=127.0.0.1:9092)
 * 1. Backlog: seeds the feed, starts the relay with nothing published, and times it
 *    until the broker has acknowledged every event (the relay's checkpoint reaches the head).
 * 2. Live: with the relay caught up, appends small batches at a steady rate and measures,
 *    per event, the time from the append's commit to its arrival at a consumer of the topic.
 */
import { randomUUID } from 'node:crypto';
import { createPostgresDb } from '@memctx/db';
import { partitionKeyOf, sessionStream } from '@memctx/domain';
import { compareCheckpoints, createPostgresEventStore, migrateEventStore, type AppendManyItem } from '@memctx/event-store';
import { createKafkaEventSource, createKafkaPublisher, ensureTopic, type EventPublisher } from '@memctx/kafka';
import { startRelay } from '@memctx/relay';
import { createBenchDatabase } from '../lib/database.js';
import { fmt, summarize } from '../lib/stats.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const brokers = (process.env.MEMCTX_BENCH_KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const total = Number(process.env.MEMCTX_BENCH_EVENTS ?? 1_000_000);
const relayBatch = Number(process.env.MEMCTX_BENCH_RELAY_BATCH ?? 5_000);
const LIVE_SECONDS = 15;
const LIVE_BATCH = 10;
const LIVE_INTERVAL_MS = 10;
const USERS = 1_000;
const PER_STREAM = 100;

const database = await createBenchDatabase(serverUrl);
const db = createPostgresDb({ connectionString: database.url, maxConnections: 6 });
const store = createPostgresEventStore(db);
const topic = `memctx.bench.relay.${randomUUID()}`;

const round = (user: string, session: string, n: number) => ({
  event_id: randomUUID(), type: 'RoundIngested',
  data: { user_id: user, session_id: session, project_id: null, round_id: randomUUID(), user_message: `Question ${n}: what did we decide about the retention window?`,
    assistant_message: `Answer ${n}: thirty days, then purge.`, client_timestamp: null, response_time_ms: 300, ingested_at: new Date().toISOString() },
});

try {
  await migrateEventStore(db);
  await ensureTopic({ brokers }, topic, 12);
  let t = performance.now();
  for (let seeded = 0, stream = 0; seeded < total; stream++) {
    const items: AppendManyItem[] = [];
    for (let i = 0; i < 100 && seeded < total; i++, stream++) {
      const user = `bench-user-${stream % USERS}`;
      const count = Math.min(PER_STREAM, total - seeded);
      items.push({ streamId: sessionStream(user, `s${stream}`), events: Array.from({ length: count }, (_, n) => round(user, `s${stream}`, n)) });
      seeded += count;
    }
    await store.appendMany(items);
  }
  console.log(`seeded ${fmt(total, 0)} events in ${fmt((performance.now() - t) / 1000)} s`);
  const head = await store.head();

  const kafka = await createKafkaPublisher({ brokers, topic, partitionKey: partitionKeyOf, clientId: 'memctx-bench-relay' });
  // Times the broker round trips, and when each event was acknowledged, to split where the time goes.
  let publishMs = 0;
  const ackedAt = new Map<string, number>();
  const publisher: EventPublisher = {
    async publish(events) {
      const t0 = performance.now();
      await kafka.publish(events);
      const now = performance.now();
      publishMs += now - t0;
      if (trackAcks) for (const event of events) ackedAt.set(event.event_id, now);
    },
    close: () => kafka.close(),
  };
  let trackAcks = false;
  t = performance.now();
  const relay = await startRelay({ db, store, publisher, name: topic, batchSize: relayBatch, pollIntervalMs: 100 });
  while (compareCheckpoints(relay.checkpoint(), head) < 0) await new Promise((r) => setTimeout(r, 50));
  const backlogSeconds = (performance.now() - t) / 1000;
  console.log(`backlog: ${fmt(total, 0)} events to Kafka in ${fmt(backlogSeconds)} s = ${fmt(total / backlogSeconds, 0)} events/s (relay batch ${fmt(relayBatch, 0)}, acks=all, idempotent producer)`);
  console.log(`  of which waiting for the broker (encode + send + ack): ${fmt(publishMs / 1000)} s (${fmt((100 * publishMs) / 1000 / backlogSeconds, 0)} %); the rest reads the feed and saves checkpoints`);
  trackAcks = true;

  // Live: a consumer at the end of the topic, and appends at a steady rate.
  const appendedAt = new Map<string, number>();
  const latencies: number[] = [];
  const toAck: number[] = [];
  const source = createKafkaEventSource({ brokers, topic, groupId: `bench-${randomUUID()}`, clientId: 'memctx-bench-consumer', fromBeginning: false });
  await source.start(async ({ events }) => {
    const now = performance.now();
    for (const event of events) {
      const at = appendedAt.get(event.event_id);
      if (at !== undefined) latencies.push(now - at);
      const acked = ackedAt.get(event.event_id);
      if (at !== undefined && acked !== undefined) toAck.push(acked - at);
    }
  });
  let appended = 0;
  const deadline = performance.now() + LIVE_SECONDS * 1000;
  while (performance.now() < deadline) {
    const user = `live-user-${appended % 50}`;
    const events = Array.from({ length: LIVE_BATCH }, (_, n) => round(user, 'live', appended + n));
    await store.append(sessionStream(user, `live-${appended}`), events);
    const now = performance.now();
    for (const event of events) appendedAt.set(event.event_id, now);
    appended += events.length;
    await new Promise((r) => setTimeout(r, LIVE_INTERVAL_MS));
  }
  const waitUntil = performance.now() + 30_000;
  while (latencies.length < appended && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
  const live = summarize(latencies);
  console.log(`live: ${fmt(appended, 0)} events appended over ${LIVE_SECONDS} s (${fmt(appended / LIVE_SECONDS, 0)}/s), ${fmt(latencies.length, 0)} arrived`);
  console.log(`append → topic latency: p50 ${fmt(live.p50)} ms, p95 ${fmt(live.p95)} ms, p99 ${fmt(live.p99)} ms, mean ${fmt(live.mean)} ms`);
  const ack = summarize(toAck);
  console.log(`  of which append → broker ack (the relay's part): p50 ${fmt(ack.p50)} ms, p95 ${fmt(ack.p95)} ms, p99 ${fmt(ack.p99)} ms`);
  if (latencies.length < appended) console.log(`MISSING: ${appended - latencies.length} events never arrived`);
  await source.stop();
  await relay.stop();
  await publisher.close();
} finally {
  await db.close();
  await database.drop();
}
