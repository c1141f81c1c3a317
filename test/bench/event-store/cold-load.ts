/**
 * What a command pays to load a stream it has not cached (after a restart, or past the handler's cache): a connector
 * source re-synced many times (each version a request and an outcome carrying the whole document's chunks) and a
 * long session (a round an event). Reading the whole stream (how every stream was loaded before `readStreamBack`)
 * against reading it back to the event its state starts over at (the newest request; the newest write), in one run.
 *   node --conditions=@memctx/source --import tsx test/bench/event-store/cold-load.ts
 * Env: MEMCTX_BENCH_DATABASE_URL (a server to create a scratch database on), MEMCTX_BENCH_DOCUMENT_KB (default 100).
 */
import { randomUUID } from 'node:crypto';
import { createPostgresDb } from '@memctx/db';
import { sessionDecider, sourceDecider } from '@memctx/domain';
import { createPostgresEventStore, migrateEventStore, readStreamBack, type EventStore, type EventToAppend } from '@memctx/event-store';
import { createBenchDatabase } from '../lib/database.js';
import { roundIngested } from './payload.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const documentKb = Number(process.env.MEMCTX_BENCH_DOCUMENT_KB ?? 100);
const RUNS = 5;
const CHUNK_CHARS = 2_000;

const sourceVersion = (n: number): EventToAppend[] => [
  { event_id: randomUUID(), type: 'DocumentIngestRequested', data: { request_id: `r${n}`, connector_type: 'filesystem', external_id: 'notes.md' } },
  {
    event_id: randomUUID(), type: 'DocumentIngested', data: {
      request_id: `r${n}`, title: 'notes.md', content_hash: `h${n}`,
      chunks: Array.from({ length: Math.ceil((documentKb * 1024) / CHUNK_CHARS) }, (_, index) => ({ index, text: `${n} `.repeat(CHUNK_CHARS / 3).slice(0, CHUNK_CHARS) })),
    },
  },
];

const cases = [
  { name: `source, ${documentKb} KB a version`, unit: 'versions', sizes: [10, 100, 400], append: sourceVersion, startsOver: sourceDecider.startsOverAt! },
  { name: 'session, a round an event', unit: 'rounds', sizes: [100, 1_000, 5_000], append: (n: number) => [roundIngested('bench-session', n)], startsOver: sessionDecider.startsOverAt! },
];

async function median(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const database = await createBenchDatabase(serverUrl);
const db = createPostgresDb({ connectionString: database.url });
try {
  await migrateEventStore(db);
  const store: EventStore = createPostgresEventStore(db);
  console.log(`Loading a stream no command has cached, PostgreSQL (median of ${RUNS} reads):`);
  for (const { name, unit, sizes, append, startsOver } of cases) {
    console.log(`  ${name}\n    ${unit.padStart(8)}   events   whole stream ms   read back ms   events from the start-over on`);
    const stop = (event: { type: string }) => startsOver.includes(event.type);
    for (const size of sizes) {
      const stream = `${unit}-${size}`;
      for (let n = 1; n <= size; n += 100) await store.append(stream, Array.from({ length: Math.min(100, size - n + 1) }, (_, i) => append(n + i)).flat());
      const whole = await median(() => store.readStream(stream));
      const back = await median(() => readStreamBack(store, stream, stop));
      const { version, events } = await readStreamBack(store, stream, stop);
      console.log(`    ${String(size).padStart(8)} ${String(version).padStart(8)} ${whole.toFixed(1).padStart(17)} ${back.toFixed(1).padStart(14)} ${String(events.length).padStart(31)}`);
    }
  }
} finally {
  await db.close();
  await database.drop();
}
