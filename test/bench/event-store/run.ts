/**
 * Event-store append throughput against a plain INSERT of the same rows, in one run.
 *   node --conditions=@memctx/source --import tsx test/bench/event-store/run.ts
 * Env: MEMCTX_BENCH_DATABASE_URL (a server to create a scratch database on), MEMCTX_BENCH_SECONDS (per scenario).
 */
import type { Db } from '@memctx/db';
import { createPostgresDb } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore, type EventStore, type EventToAppend } from '@memctx/event-store';
import { createPostgresKeyStore, migrateKeyStore, withShredding, type ShreddingPolicy } from '@memctx/shredding';
import { createBenchDatabase } from '../lib/database.js';
import { payloadBytes, roundIngested } from './payload.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.MEMCTX_BENCH_SECONDS ?? 10);
const POOL = 20;
const SINGLE_WRITERS = 50;
const BATCH_WRITERS = 10;
const BATCH = 100;

interface Measured {
  name: string;
  writers: number;
  events: number;
  rate: number;
  latenciesMs: number[];
}

/** Runs `writers` loops of `step` (which returns how many events it wrote) for the configured time, after a short warm-up. */
async function measure(name: string, writers: number, step: (writer: number) => Promise<number>): Promise<Measured> {
  const run = async (durationMs: number, latenciesMs: number[]) => {
    const deadline = performance.now() + durationMs;
    let events = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        while (performance.now() < deadline) {
          const began = performance.now();
          const written = await step(writer); // not `events += await ...`, which would add to a stale total
          latenciesMs.push(performance.now() - began);
          events += written;
        }
      }),
    );
    return events;
  };
  await run(1_000, []);
  const latenciesMs: number[] = [];
  const began = performance.now();
  const events = await run(seconds * 1_000, latenciesMs);
  const measured = { name, writers, events, rate: events / ((performance.now() - began) / 1_000), latenciesMs };
  process.stderr.write(`  ${name}: ${Math.round(measured.rate)} events/s\n`);
  return measured;
}

/** The baseline: the same rows and columns, no stream versions, no unique ids, no indexes, no function. */
async function createRawTable(db: Db): Promise<(rows: EventToAppend[], streamId: string, from: number) => Promise<number>> {
  await db.exec(`CREATE TABLE raw_events (
    global_position bigint GENERATED ALWAYS AS IDENTITY, transaction_id xid8 NOT NULL, stream_id text NOT NULL,
    stream_position bigint NOT NULL, event_id uuid NOT NULL, type text NOT NULL, schema_version int NOT NULL DEFAULT 1,
    data jsonb NOT NULL, metadata jsonb NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL DEFAULT now())`);
  return async (rows, streamId, from) => {
    const payload = rows.map((e, i) => ({ ...e, stream_id: streamId, stream_position: from + i }));
    await db.query(
      `INSERT INTO raw_events (transaction_id, stream_id, stream_position, event_id, type, schema_version, data, metadata)
       SELECT pg_current_xact_id(), e.stream_id, e.stream_position, e.event_id, e.type, 1, e.data, e.metadata
       FROM jsonb_to_recordset($1::jsonb) AS e(stream_id text, stream_position bigint, event_id uuid, type text, data jsonb, metadata jsonb)`,
      [JSON.stringify(payload)],
    );
    return rows.length;
  };
}

function scenarios(store: EventStore, rawInsert: Awaited<ReturnType<typeof createRawTable>>, prefix: string) {
  const versions = new Map<string, number>();
  const next = (streamId: string, count: number) => {
    const from = versions.get(streamId) ?? 0;
    versions.set(streamId, from + count);
    return from;
  };
  const batch = (streamId: string, from: number) => Array.from({ length: BATCH }, (_, i) => roundIngested(streamId, from + i));

  return {
    rawSingle: (w: number) => rawInsert([roundIngested(`raw1-${w}`, 0)], `raw1-${w}`, next(`raw1-${w}`, 1) + 1),
    rawBatch: (w: number) => {
      const from = next(`raw100-${w}`, BATCH);
      return rawInsert(batch(`raw100-${w}`, from), `raw100-${w}`, from + 1);
    },
    appendSingle: async (w: number) => {
      const streamId = `${prefix}single-${w}`;
      const from = next(streamId, 1);
      await store.append(streamId, [roundIngested(streamId, from)], { expectedVersion: from });
      return 1;
    },
    appendBatch: async (w: number) => {
      const streamId = `${prefix}batch-${w}`;
      const from = next(streamId, BATCH);
      await store.append(streamId, batch(streamId, from), { expectedVersion: from });
      return BATCH;
    },
    appendMany: async (w: number) => {
      const items = Array.from({ length: BATCH }, (_, k) => {
        const streamId = `${prefix}many-${w}-${k}`;
        const from = next(streamId, 1);
        return { streamId, events: [roundIngested(streamId, from)], expectedVersion: from };
      });
      const outcomes = await store.appendMany(items);
      if (!outcomes.every((o) => o.ok)) throw new Error('a benchmark append was refused');
      return BATCH;
    },
  };
}

/** What the domain policy does to a round, on this benchmark's payload: both messages sealed under the session's key. */
const sealMessages: ShreddingPolicy = {
  sealedFieldsOf: (event) =>
    event.type === 'RoundIngested' ? { sessions: [{ userId: 'bench-user', sessionId: String(event.data.session_id) }], fields: { user: '', assistant: '' } } : undefined,
  destroys: () => undefined,
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

function report(results: Record<'a' | 'b1' | 'b2' | 'c1' | 'c100' | 'as' | 'b1s' | 'b2s', Measured>): void {
  const rows: Array<[string, Measured, string]> = [
    ['(a)', results.a, `${(results.a.rate / results.c1.rate).toFixed(2)} of (c1)`],
    ['(a-s)', results.as, `${(results.as.rate / results.a.rate).toFixed(2)} of (a)`],
    ['(b1)', results.b1, `${(results.b1.rate / results.c100.rate).toFixed(2)} of (c100)`],
    ['(b1-s)', results.b1s, `${(results.b1s.rate / results.b1.rate).toFixed(2)} of (b1)`],
    ['(b2)', results.b2, `${(results.b2.rate / results.c100.rate).toFixed(2)} of (c100)`],
    ['(b2-s)', results.b2s, `${(results.b2s.rate / results.b2.rate).toFixed(2)} of (b2)`],
    ['(c1)', results.c1, 'baseline for (a)'],
    ['(c100)', results.c100, 'baseline for (b1), (b2)'],
  ];
  const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 1 ? c.padEnd(46) : c.padStart(i === 0 ? 6 : 12))).join('  '));
  console.log(`\nevent-store bench: ${seconds} s per scenario, pool of ${POOL}, payload ~${payloadBytes()} bytes of JSON per event\n`);
  line(['', 'scenario', 'writers', 'events', 'events/s', 'ratio (d)']);
  for (const [id, m, ratio] of rows) line([id, m.name, String(m.writers), String(m.events), String(Math.round(m.rate)), ratio]);
  const sorted = [...results.a.latenciesMs].sort((x, y) => x - y);
  const shredded = [...results.as.latenciesMs].sort((x, y) => x - y);
  console.log(`\n(a) append latency: p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms`);
  console.log(`(a-s) with crypto-shredding: p50 ${percentile(shredded, 0.5).toFixed(2)} ms, p99 ${percentile(shredded, 0.99).toFixed(2)} ms`);
  console.log(`(a) against (c100), the multi-row INSERT rate: ${(results.a.rate / results.c100.rate).toFixed(2)}`);
}

const database = await createBenchDatabase(serverUrl);
const db = createPostgresDb({ connectionString: database.url, maxConnections: POOL, applicationName: 'memctx-bench' });
try {
  await migrateEventStore(db);
  await migrateKeyStore(db);
  const rawInsert = await createRawTable(db);
  const run = scenarios(createPostgresEventStore(db), rawInsert, '');
  // Stream names of their own, so (b2-s) makes 100 new session keys per call as (b2) starts 100 streams: its worst case.
  const shredding = scenarios(withShredding(createPostgresEventStore(db), { keys: createPostgresKeyStore(db), policy: sealMessages }), rawInsert, 's-');
  process.stderr.write('measuring (raw and store runs alternate, so drift in the machine hits both)\n');
  const c1 = await measure('raw INSERT, 1 row per statement', SINGLE_WRITERS, run.rawSingle);
  const a = await measure('append, 1 event per call, own stream', SINGLE_WRITERS, run.appendSingle);
  const as = await measure('  the same, crypto-shredded (withShredding)', SINGLE_WRITERS, shredding.appendSingle);
  const c100 = await measure(`raw INSERT, ${BATCH} rows per statement`, BATCH_WRITERS, run.rawBatch);
  const b1 = await measure(`append, ${BATCH} events per call`, BATCH_WRITERS, run.appendBatch);
  const b1s = await measure('  the same, crypto-shredded', BATCH_WRITERS, shredding.appendBatch);
  const b2 = await measure(`appendMany, ${BATCH} streams x 1 event per call`, BATCH_WRITERS, run.appendMany);
  const b2s = await measure('  the same, crypto-shredded (100 new keys a call)', BATCH_WRITERS, shredding.appendMany);
  report({ a, b1, b2, c1, c100, as, b1s, b2s });
} finally {
  await db.close();
  await database.drop();
}
