/**
 * The projector's CPU per event (its Node process and its PostgreSQL backends), in this process, on a database of its own:
 *  replay: the six live runners over a shared feed of N stored rounds in batches of B (the fixed price per batch);
 *  live:   the same runners while a child process appends rounds at RATE/s (batches as the feed's pace makes them).
 *   node --conditions=@memctx/source --import tsx test/bench/ingest/projector-batches.ts
 * Env: SERVER, MODE (replay|live), BATCHES (1,4,16,64), N (2000), RATES (200,800), SECONDS (10).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createPostgresDb, type Db } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore, shareFeedReads } from '@memctx/event-store';
import { ensureActiveGeneration, migrateGenerations, runLive } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';

const server = process.env.SERVER ?? 'postgres://postgres@127.0.0.1:5440/postgres';
const admin = createPostgresDb({ connectionString: server, maxConnections: 1, connectTimeoutMs: 60_000 });
const cpuOf = (pid: number) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) / 100; } catch { return 0; } };
const urlOf = (name: string) => { const u = new URL(server); u.pathname = `/${name}`; return u.toString(); };

async function freshDb(name: string, template?: string) {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return urlOf(name);
}

async function backendsCpu(db: Db): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'bench-projector'");
  return new Map(rows.map((r) => [r.pid, cpuOf(r.pid)]));
}

/** Runs the projector's runners while `work` runs and until every checkpoint reached the head; CPU seconds of Node and PostgreSQL. */
async function measure(url: string, batchSize: number, work: () => Promise<void>) {
  const db = createPostgresDb({ connectionString: url, maxConnections: 10, applicationName: 'bench-projector', connectTimeoutMs: 60_000 });
  const probe = createPostgresDb({ connectionString: url, maxConnections: 1, applicationName: 'bench-probe', connectTimeoutMs: 60_000 });
  const store = createPostgresEventStore(db);
  const feed = shareFeedReads(store);
  const pg0 = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async () => { for (const [pid, s] of await backendsCpu(probe)) { if (!pg0.has(pid)) pg0.set(pid, 0); if (s > 0) last.set(pid, s); } };
  const timer = setInterval(() => void sample(), 500);
  const node0 = process.cpuUsage();
  const runners = allProjections.map((p) => runLive(db, feed, p, { batchSize }));
  await work();
  const probeStore = createPostgresEventStore(probe);
  for (;;) {
    const head = await probeStore.head();
    const { rows } = await probe.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM processor_checkpoints WHERE partition = '' AND global_position >= $1`, [head.global_position]);
    if (rows[0]!.n >= allProjections.length) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await sample();
  clearInterval(timer);
  const node = process.cpuUsage(node0);
  await Promise.all(runners.map((r) => r.stop()));
  const pg = [...last.entries()].reduce((sum, [pid, s]) => sum + s - (pg0.get(pid) ?? 0), 0);
  const events = (await probe.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
  await probe.close();
  await db.close();
  return { node: (node.user + node.system) / 1e6, pg, events };
}

async function prepare(url: string) {
  const db = createPostgresDb({ connectionString: url, maxConnections: 2, connectTimeoutMs: 60_000 });
  await db.exec('CREATE EXTENSION IF NOT EXISTS vector');
  await migrateEventStore(db);
  await migrateGenerations(db);
  for (const p of allProjections) await ensureActiveGeneration(db, p);
  await db.close();
}

const append = (url: string, rate: number, seconds: number) => new Promise<void>((resolve, reject) => {
  const child = spawn(process.execPath, ['--conditions=@memctx/source', '--import', 'tsx', 'test/bench/ingest/append-rounds.ts', url, String(rate), String(seconds)], { stdio: 'inherit' });
  child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`appender exited ${code}`))));
});

// Every backend of the pool counts from zero: the pool opens them for this run, so all they used is this run's work.
const mode = process.env.MODE ?? 'replay';
const fmt = (s: number, n: number) => ((s * 1000) / n).toFixed(3);
if (mode === 'replay') {
  const n = Number(process.env.N ?? 2000);
  const seed = await freshDb('memctx_bench_batches_seed');
  await prepare(seed);
  await append(seed, 400, n / 400);
  await new Promise((r) => setTimeout(r, 1000));
  for (const b of (process.env.BATCHES ?? '1,4,16,64').split(',').map(Number)) {
    const url = await freshDb('memctx_bench_batches_run', 'memctx_bench_batches_seed');
    const { node, pg, events } = await measure(url, b, async () => undefined);
    console.log(`replay batch ${b}: ${events} events; CPU ms/event: projector ${fmt(node, events)}, projector pg ${fmt(pg, events)}, total ${fmt(node + pg, events)}; load ${loadavg()[0]!.toFixed(1)}`);
  }
} else {
  const seconds = Number(process.env.SECONDS ?? 10);
  for (const rate of (process.env.RATES ?? '200,800').split(',').map(Number)) {
    const url = await freshDb('memctx_bench_batches_run');
    await prepare(url);
    const { node, pg, events } = await measure(url, 1000, () => append(url, rate, seconds));
    console.log(`live ${rate}/s: ${events} events; CPU ms/event: projector ${fmt(node, events)}, projector pg ${fmt(pg, events)}, total ${fmt(node + pg, events)}; load ${loadavg()[0]!.toFixed(1)}`);
  }
}
await admin.query('DROP DATABASE IF EXISTS memctx_bench_batches_run WITH (FORCE)');
await admin.query('DROP DATABASE IF EXISTS memctx_bench_batches_seed WITH (FORCE)');
await admin.close();
