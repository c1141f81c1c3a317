/**
 * What loading a connector source costs as its versions pile up: each re-sync of a document appends a request and
 * an outcome carrying the whole document's chunks to the source's stream. Reading the whole stream (how a source
 * was loaded before `readStreamBack`) against reading it back to its newest request, in one run.
 *   node --conditions=@memctx/source --import tsx test/bench/event-store/source-versions.ts
 * Env: MEMCTX_BENCH_DATABASE_URL (a server to create a scratch database on), MEMCTX_BENCH_DOCUMENT_KB (default 100).
 */
import { randomUUID } from 'node:crypto';
import { createPostgresDb } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore, readStreamBack, type EventStore, type EventToAppend } from '@memctx/event-store';
import { createBenchDatabase } from '../lib/database.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const documentKb = Number(process.env.MEMCTX_BENCH_DOCUMENT_KB ?? 100);
const VERSIONS = [10, 100, 400];
const RUNS = 5;
const CHUNK_CHARS = 2_000;

const version = (n: number): EventToAppend[] => [
  { event_id: randomUUID(), type: 'DocumentIngestRequested', data: { request_id: `r${n}`, connector_type: 'filesystem', external_id: 'notes.md' } },
  {
    event_id: randomUUID(), type: 'DocumentIngested', data: {
      request_id: `r${n}`, title: 'notes.md', content_hash: `h${n}`,
      chunks: Array.from({ length: Math.ceil((documentKb * 1024) / CHUNK_CHARS) }, (_, index) => ({ index, text: `${n} `.repeat(CHUNK_CHARS / 3).slice(0, CHUNK_CHARS) })),
    },
  },
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
  console.log(`A source's stream, ${documentKb} KB a version (median of ${RUNS} reads):`);
  console.log('  versions   events   whole stream ms   back to the newest request ms   events from it on');
  for (const versions of VERSIONS) {
    const stream = `source-${versions}`;
    for (let n = 1; n <= versions; n++) await store.append(stream, version(n));
    const whole = await median(() => store.readStream(stream));
    const back = await median(() => readStreamBack(store, stream, (event) => event.type === 'DocumentIngestRequested'));
    const { events } = await readStreamBack(store, stream, (event) => event.type === 'DocumentIngestRequested');
    console.log(`  ${String(versions).padStart(8)} ${String(versions * 2).padStart(8)} ${whole.toFixed(1).padStart(17)} ${back.toFixed(1).padStart(31)} ${String(events.length).padStart(19)}`);
  }
} finally {
  await db.close();
  await database.drop();
}
