/**
 * HTTP ingest against its yardsticks, in one run on the same machine:
 *   1. reference: a plain Express 5 endpoint, API key by SHA-256 and one INSERT per request (pg pool 20);
 *   2. bare Express: JSON parsing and an answer, no database (is Express the limit?);
 *   3. memctx: the API (pool 20) and a projector process on PostgreSQL;
 *   4. memctx with the projector stopped during the load (the write path alone, as with the projector on other cores);
 * each with the same autocannon load (one user, key and session per connection) and the same round body,
 * then the ratio memctx / reference of req/s and of p99 (the figure to track), and where an ingest request's
 * time goes inside the API (stages, from /metrics).
 *   pnpm build && pnpm bench:ingest
 * Env: MEMCTX_BENCH_DATABASE_URL (server to create a scratch database on), MEMCTX_BENCH_SECONDS (15 per phase),
 *      MEMCTX_BENCH_CONNECTIONS (64), MEMCTX_BENCH_PROFILE=1 (CPU profiles of the API and of the first projector process),
 *      MEMCTX_BENCH_PHASES (reference,bare,memctx,api-alone: the last runs memctx with the projector stopped during the
 *      load and started after it, the write path alone), MEMCTX_BENCH_IDEMPOTENCY=1 (memctx requests carry an Idempotency-Key,
 *      as the typed client's do; the reference has no such feature), MEMCTX_BENCH_REPLY_CHARS (assistant replies of about this
 *      many characters instead of one short sentence), MEMCTX_BENCH_KAFKA_BROKERS (the projector fed from
 *      Kafka, a relay process of its own publishing to a topic of the run's own on these brokers; the relay's CPU is printed).
 * Zero-loss check: acknowledged rounds = rows (reference) / RoundIngested events = projected ROUND records (memctx).
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDb, type Db } from '@memctx/db';
import { createPostgresEventStore } from '@memctx/event-store';
import { projectionStatus } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { createBenchDatabase } from '../lib/database.js';
import { requireBuild, startService } from '../lib/processes.js';
import { profileShares } from '../lib/profile.js';
import { fmt } from '../lib/stats.js';
import { lossCheck, settledRounds, countRounds } from './checks.js';
import { measureCpu } from '../lib/cpu.js';
import { postRounds, type LoadResult } from './load.js';
import { startReference } from './reference.js';
import { printStages, requestStages } from '../lib/stages.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.MEMCTX_BENCH_SECONDS ?? 15);
const connections = Number(process.env.MEMCTX_BENCH_CONNECTIONS ?? 64);
const profile = process.env.MEMCTX_BENCH_PROFILE === '1';
const idempotencyKeys = process.env.MEMCTX_BENCH_IDEMPOTENCY === '1';
const replyChars = process.env.MEMCTX_BENCH_REPLY_CHARS ? Number(process.env.MEMCTX_BENCH_REPLY_CHARS) : undefined;
const phases = new Set((process.env.MEMCTX_BENCH_PHASES ?? 'reference,bare,memctx,api-alone').split(','));
const ADMIN = 'bench-admin-token-0123456789';
const PORT = 18_300 + (process.pid % 500);

const load = () => loadavg().map((l) => fmt(l, 2)).join(' ');

function report(name: string, result: LoadResult, cpu: Record<string, number>): void {
  const { p50, p97_5, p99, max } = result.latency;
  console.log(`  ${name.padEnd(14)} ${fmt(result.acknowledged / result.seconds, 0).padStart(6)} req/s   p50 ${p50}  p97.5 ${p97_5}  p99 ${p99}  max ${max} ms` +
    `   (2xx ${result.acknowledged}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}; load ${load()})`);
  // CPU per acknowledged request says who does the work when the machine, not the design, sets the rate.
  const perRequest = Object.entries(cpu).map(([who, s]) => `${who} ${fmt((s * 1000) / Math.max(1, result.acknowledged), 2)}`);
  console.log(`                 CPU ms per request: ${perRequest.join(', ')}`);
}

requireBuild();
const database = await createBenchDatabase(serverUrl);
const profileDir = mkdtempSync(join(tmpdir(), 'memctx-ingest-prof-'));
const projectorProfileDir = mkdtempSync(join(tmpdir(), 'memctx-ingest-projector-prof-'));
const cpuProfile = (dir: string) => (profile ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []);
const common = { MEMCTX_DATABASE_URL: database.url, MEMCTX_ADMIN_TOKEN: ADMIN, MEMCTX_DAILY_INGEST_QUOTA: '1000000000' };
const kafkaBrokers = process.env.MEMCTX_BENCH_KAFKA_BROKERS;
const kafka = kafkaBrokers
  ? { MEMCTX_KAFKA_BROKERS: kafkaBrokers, MEMCTX_KAFKA_TOPIC: `bench-ingest-${process.pid}-${Date.now()}`, MEMCTX_KAFKA_GROUP: `bench-ingest-${process.pid}` }
  : undefined;
const projectorEnv = { ...common, MEMCTX_ROLES: 'projector', ...(kafka ? { ...kafka, MEMCTX_PROJECTOR_SOURCE: 'kafka' } : {}) };
const api = await startService({ ...common, PORT: String(PORT), MEMCTX_ROLES: 'api', MEMCTX_DATABASE_POOL_SIZE: '20' }, cpuProfile(profileDir));
const relay = kafka ? await startService({ ...common, ...kafka, MEMCTX_ROLES: 'relay' }) : undefined;
let projector = await startService(projectorEnv, cpuProfile(projectorProfileDir));
const db: Db = createPostgresDb({ connectionString: database.url, maxConnections: 2 });
const store = createPostgresEventStore(db);
const results = new Map<string, LoadResult>();

try {
  // One user per client, keys made through memctx's admin API; the reference looks the same keys up.
  const keys: string[] = [];
  for (let i = 0; i < connections; i++) {
    const response = await fetch(`${api.url}/admin/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: `bench-user-${i}` }),
    });
    keys.push(((await response.json()) as { api_key: string }).api_key);
  }
  console.log(`\nHTTP ingest, ${connections} clients, ${seconds} s per phase, PostgreSQL${replyChars ? `, replies of ${replyChars} characters` : ''}${kafka ? `, the projector fed from Kafka (${kafka.MEMCTX_KAFKA_TOPIC})` : ''}; load average before: ${load()}`);
  let lossless = true;

  for (const mode of ['insert', 'bare'] as const) {
    if (!phases.has(mode === 'insert' ? 'reference' : 'bare')) continue;
    const server = await startReference(mode, String(PORT + 1), database.url);
    try {
      const { result, cpu } = await measureCpu(db, { server: server.child.pid }, () => postRounds(server.url!, keys, seconds, { replyChars }));
      results.set(mode, result);
      report(mode === 'insert' ? 'reference' : 'bare Express', result, cpu);
    } finally {
      await server.stop();
    }
    if (mode === 'insert') {
      const rows = (await db.query<{ round_id: string }>('SELECT round_id::text FROM reference_rounds')).rows.map((r) => r.round_id);
      const check = lossCheck(results.get('insert')!.acknowledgedIds, new Set(rows), rows.length, connections);
      console.log(`                 zero loss: ${check.text}: ${check.ok ? 'OK' : 'MISMATCH'}`);
      lossless &&= check.ok;
    }
  }

  /** One memctx phase: the load, CPU, and the zero-loss check of its own rounds (`before`: rounds stored earlier). */
  async function memctxPhase(label: string, withProjector: boolean): Promise<LoadResult> {
    const before = await countRounds(db);
    const pids = { api: api.child.pid, ...(withProjector ? { projector: projector.child.pid } : {}), ...(relay ? { relay: relay.child.pid } : {}) };
    const { result, cpu } = await measureCpu(db, pids, () => postRounds(api.url!, keys, seconds, { idempotencyKeys, replyChars }));
    report(label, result, cpu);
    if (!withProjector) projector = await startService(projectorEnv);
    // A Kafka-fed projector keeps its checkpoints per partition, which the feed's lag does not read.
    const lagAtStop = kafka ? undefined : Math.max(...(await projectionStatus(db, store, allProjections)).map((s) => s.lagEvents));
    const caughtUpStart = performance.now();
    const { events, projected } = await settledRounds(db);
    const catchUp = (performance.now() - caughtUpStart) / 1000;
    const check = lossCheck(result.acknowledgedIds, projected, events - before, connections);
    const ok = check.ok && events === projected.size;
    console.log(`                 zero loss: ${check.text}; events ${events} = projected ${projected.size}: ${ok ? 'OK' : 'MISMATCH'}`);
    const lag = lagAtStop === undefined ? 'rounds' : `projection lag ${lagAtStop} events when the load stopped; rounds`;
    console.log(`                 ${lag} all projected ${fmt(catchUp, 2)} s after the load stopped`);
    lossless &&= ok;
    return result;
  }

  if (phases.has('memctx')) {
    results.set('memctx', await memctxPhase(idempotencyKeys ? 'memctx (keys)' : 'memctx', true));
    printStages('memctx ingest request, time per stage inside the API', requestStages(await (await fetch(`${api.url}/metrics`)).text(), '/api/v1/memory/ingest'));
  }
  // The write path alone: the projector stopped during the load (as when it runs on other cores), started after it.
  if (phases.has('api-alone')) {
    await projector.stop();
    results.set('api-alone', await memctxPhase('API alone', false));
  }

  const reference = results.get('insert');
  const memctx = results.get('memctx');
  const ratio = (name: string, ours: LoadResult | undefined) => {
    if (!reference || !ours) return;
    const rate = ours.acknowledged / reference.acknowledged;
    const p99 = ours.latency.p99 / reference.latency.p99;
    console.log(`  ${name} / reference: req/s ×${fmt(rate, 2)} (goal ≥ 1.00), p99 ×${fmt(p99, 2)} (goal ≤ 1.00)`);
  };
  ratio('memctx', memctx);
  ratio('memctx API alone', results.get('api-alone'));
  if (!lossless) process.exitCode = 1;
} finally {
  await api.stop();
  await projector.stop();
  await relay?.stop();
  await db.close();
  await database.drop();
}
if (profile) {
  for (const [who, dir] of [['API', profileDir], ['projector', projectorProfileDir]] as const) {
    console.log(`  ${who} CPU profile, self time by area:`);
    for (const { area, share } of profileShares(dir)) console.log(`    ${fmt(share * 100)}%  ${area}`);
    console.log(`  ${who} CPU profile, self time by function:`);
    for (const { area, share } of profileShares(dir, 15, 'function')) console.log(`    ${fmt(share * 100)}%  ${area}`);
  }
}
