/**
 * Rebuild: events/s replayed by each non-embedding projection over a large feed.
 *   pnpm bench:rebuild            (MEMCTX_BENCH_EVENTS=1000000 by default)
 *   MEMCTX_BENCH_PROFILE=1        also: time inside each projection's statements, by statement
 *                                 (summed over the lanes, which run side by side: it can exceed the wall time)
 *   MEMCTX_BENCH_PROJECTIONS=sessions,memory_records   only these (all by default)
 *   MEMCTX_BENCH_LANES=1          transactions side by side per batch (the rebuild's default otherwise)
 * Each projection's line is followed by the CPU it cost per event, in this process and in its PostgreSQL backends.
 *   MEMCTX_BENCH_KEEP=1           keeps the seeded feed (memctx_bench_rebuild_<events>) and reuses it next time
 * The feed is seeded through the event store's appendMany with valid domain
 * events: per user one project and sessions of rounds bound to it, some
 * generated statements, and a soft delete and restore now and then.
 */
import { randomUUID } from 'node:crypto';
import { createPostgresDb, ensureVectorExtension } from '@memctx/db';
import { projectStream, sessionStream } from '@memctx/domain';
import { createPostgresEventStore, migrateEventStore, type AppendManyItem, type EventToAppend } from '@memctx/event-store';
import type { Queryable } from '@memctx/db';
import { activeGeneration, ensureActiveGeneration, migrateGenerations, rebuildProjection, REBUILD_BATCH_SIZE, type Projection } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { measureCpu } from '../lib/cpu.js';
import { createBenchDatabase } from '../lib/database.js';
import { fmt } from '../lib/stats.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const target = Number(process.env.MEMCTX_BENCH_EVENTS ?? 1_000_000);
const batchSize = Number(process.env.MEMCTX_PROJECTOR_BATCH_SIZE ?? REBUILD_BATCH_SIZE);
const lanes = process.env.MEMCTX_BENCH_LANES ? Number(process.env.MEMCTX_BENCH_LANES) : undefined;
const USERS = 1_000;
const ROUNDS_PER_SESSION = 50;

const profile = process.env.MEMCTX_BENCH_PROFILE === '1';

/** The projection with its statements timed (milliseconds and calls per statement, named by its first words). */
function profiled(projection: Projection): { projection: Projection; times: Map<string, { ms: number; calls: number }> } {
  const times = new Map<string, { ms: number; calls: number }>();
  const timed = <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const name = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
    const started = performance.now();
    return run().finally(() => {
      const entry = times.get(name) ?? { ms: 0, calls: 0 };
      entry.ms += performance.now() - started;
      entry.calls++;
      times.set(name, entry);
    });
  };
  const wrap = (tx: Queryable): Queryable => ({
    ...tx,
    query: ((sql: string, params?: readonly unknown[]) => timed(sql, () => tx.query(sql, params))) as Queryable['query'],
    exec: (sql: string) => timed(sql, () => tx.exec(sql)),
  });
  return { projection: { ...projection, apply: (tx, events) => projection.apply(wrap(tx), events) }, times };
}

const keep = process.env.MEMCTX_BENCH_KEEP === '1' ? `memctx_bench_rebuild_${target}` : undefined;
const database = await createBenchDatabase(serverUrl, keep);
const db = createPostgresDb({ connectionString: database.url, maxConnections: 4 });
const store = createPostgresEventStore(db);
const at = (n: number) => new Date(1_763_900_000_000 + n * 1000).toISOString();
const event = (type: string, data: Record<string, unknown>): EventToAppend => ({ event_id: randomUUID(), type, data });

/** One session's worth of events for one user: its rounds, one generated statement, every 10th deleted and restored. */
function sessionItems(user: number, session: number, seq: number): AppendManyItem[] {
  const user_id = `bench-user-${user}`;
  const project_id = `project-${user}`;
  const session_id = `session-${session}`;
  const events: EventToAppend[] = [];
  for (let r = 0; r < ROUNDS_PER_SESSION; r++) {
    events.push(event('RoundIngested', {
      user_id, session_id, project_id, round_id: randomUUID(),
      user_message: `Question ${r} of session ${session}: how should the retention window work for archived transcripts?`,
      assistant_message: `Answer ${r}: keep soft-deleted sessions for thirty days, then purge their records and messages.`,
      client_timestamp: null, response_time_ms: 300 + r, ingested_at: at(seq + r),
    }));
  }
  events.push(event('GeneratedStatementRecorded', {
    user_id, session_id, project_id, record_id: randomUUID(), user_message: 'Did we agree on this?',
    assistant_message: 'You probably prefer weekly summaries.', recorded_at: at(seq + ROUNDS_PER_SESSION),
  }));
  if (session % 10 === 0) {
    events.push(event('SessionSoftDeleted', { user_id, session_id, deleted_at: at(seq + 60), purge_after: at(seq + 9_999_999), reason: 'delete' }));
    events.push(event('SessionRestored', { user_id, session_id, restored_at: at(seq + 61) }));
  }
  return [{ streamId: sessionStream(user_id, session_id), events, expectedVersion: 'no_stream' }];
}

/** Appends the feed: per user one project, then sessions until the target count. */
async function seed(): Promise<number> {
  const projects: AppendManyItem[] = Array.from({ length: USERS }, (_, user) => ({
    streamId: projectStream(`bench-user-${user}`, `project-${user}`),
    events: [event('ProjectCreated', { user_id: `bench-user-${user}`, project_id: `project-${user}`, name: `Project ${user}`, created_at: at(0) })],
    expectedVersion: 'no_stream',
  }));
  await store.appendMany(projects);
  let written = USERS;
  for (let session = 0; written < target; ) {
    const batch: AppendManyItem[] = [];
    while (batch.length < 40 && written < target) {
      const items = sessionItems(session % USERS, session, written);
      batch.push(...items);
      written += items.reduce((n, item) => n + item.events.length, 0);
      session++;
    }
    for (const outcome of await store.appendMany(batch)) if (!outcome.ok) throw outcome.error;
    if (session % 2_000 === 0) process.stderr.write(`  seeded ${written} events\n`);
  }
  return written;
}

/** The size of the active generation's tables, with their indexes and TOAST. */
async function generationBytes(projection: Projection): Promise<number> {
  const generation = await activeGeneration(db, projection.name);
  const { rows: [row] } = await db.query<{ bytes: string }>(
    `SELECT sum(pg_total_relation_size(format('%I.%I', $1::text, t)))::text AS bytes FROM unnest($2::text[]) AS t`,
    [generation!.schemaName, projection.tables],
  );
  return Number(row!.bytes);
}

try {
  await ensureVectorExtension(db);
  await migrateEventStore(db);
  await migrateGenerations(db);
  const seedStarted = performance.now();
  const written = database.created ? await seed() : (await store.head()).global_position;
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`\nRebuild over ${fmt(written, 0)} events (seeded in ${fmt(seedSeconds)} s, ${fmt(written / seedSeconds, 0)} events/s), batch ${batchSize}`);

  // The ceiling: reading the feed alone, in the batches a rebuild reads it.
  const scanStarted = performance.now();
  let scanned = 0;
  for (let after = { transaction_id: 0, global_position: 0 }; ; ) {
    const events = await store.readAll({ after, maxCount: batchSize });
    if (events.length === 0) break;
    scanned += events.length;
    after = events.at(-1)!;
  }
  const scanSeconds = (performance.now() - scanStarted) / 1000;
  console.log(`  feed read only    ${fmt(scanned / scanSeconds, 0).padStart(8)} events/s  (${scanned} events in ${fmt(scanSeconds)} s)`);

  const only = process.env.MEMCTX_BENCH_PROJECTIONS?.split(',').map((name) => name.trim());
  for (const plain of allProjections.filter((p) => !only || only.includes(p.name))) {
    const { projection, times } = profile ? profiled(plain) : { projection: plain, times: undefined };
    await ensureActiveGeneration(db, projection);
    let last = 0;
    // Seconds spent in each phase (replaying, indexing, switching), from one phase change to the next.
    const phases = new Map<string, number>();
    let phase = { name: 'replaying', since: performance.now() };
    const { result, cpu } = await measureCpu(db, { node: process.pid }, () => rebuildProjection(db, store, projection, {
      batchSize,
      lanes,
      onProgress: (p) => {
        if (p.phase !== phase.name) {
          phases.set(phase.name, (phases.get(phase.name) ?? 0) + (performance.now() - phase.since) / 1000);
          phase = { name: p.phase, since: performance.now() };
        }
        if (p.processed - last >= 200_000) {
          last = p.processed;
          process.stderr.write(`  ${projection.name}: ${p.processed} events\n`);
        }
      },
    }));
    const spent = [...phases].map(([name, seconds]) => `${name} ${fmt(seconds)} s`).join(', ');
    console.log(`  ${projection.name.padEnd(16)} ${fmt(result.events / result.seconds, 0).padStart(8)} events/s  (${result.events} events in ${fmt(result.seconds)} s: ${spent})`);
    // CPU per event is steadier than the rate on a shared machine: compare code by it.
    const perEvent = (seconds = 0) => fmt((seconds * 1e6) / result.events, 1);
    console.log(`  ${''.padEnd(16)} CPU µs per event: process ${perEvent(cpu.node)}, PostgreSQL ${perEvent(cpu['node pg'])}`);
    const bytes = await generationBytes(projection);
    console.log(`  ${''.padEnd(16)} on disk: ${fmt(bytes / 2 ** 20, 0)} MiB with indexes and TOAST (${fmt(bytes / result.events, 0)} bytes per event)`);
    for (const [sql, { ms, calls }] of [...(times ?? new Map<string, { ms: number; calls: number }>())].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(`      ${fmt(ms / 1000).padStart(7)} s  ${String(calls).padStart(6)} calls  ${sql}`);
    }
  }
} finally {
  await db.close();
  await database.drop();
}
