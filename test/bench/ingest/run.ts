/**
 * HTTP ingest: many clients post rounds to the API (PostgreSQL, projector in its own process).
 *   pnpm build && pnpm bench:ingest
 * Env: MEMCTX_BENCH_DATABASE_URL (server to create a scratch database on), MEMCTX_BENCH_SECONDS (30),
 *      MEMCTX_BENCH_CONNECTIONS (64), MEMCTX_BENCH_PROFILE=1 (CPU profile of the API process).
 * Prints rounds/s, latency, projection lag when the load stops, and a zero-loss check:
 * acknowledged rounds = RoundIngested events = projected ROUND records.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createPostgresDb } from '@memctx/db';
import { createPostgresEventStore } from '@memctx/event-store';
import { projectionStatus } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { createBenchDatabase } from '../lib/database.js';
import { requireBuild, startService } from '../lib/processes.js';
import { profileShares } from '../lib/profile.js';
import { fmt } from '../lib/stats.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.MEMCTX_BENCH_SECONDS ?? 30);
const connections = Number(process.env.MEMCTX_BENCH_CONNECTIONS ?? 64);
const profile = process.env.MEMCTX_BENCH_PROFILE === '1';
const ADMIN = 'bench-admin-token-0123456789';
const PORT = String(18_300 + (process.pid % 500));

requireBuild();
const database = await createBenchDatabase(serverUrl);
const profileDir = mkdtempSync(join(tmpdir(), 'memctx-ingest-prof-'));
const common = { MEMCTX_DATABASE_URL: database.url, MEMCTX_ADMIN_TOKEN: ADMIN, MEMCTX_DAILY_INGEST_QUOTA: '1000000000' };
const api = await startService({ ...common, PORT, MEMCTX_ROLES: 'api', MEMCTX_DATABASE_POOL_SIZE: '20' }, profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
const projector = await startService({ ...common, MEMCTX_ROLES: 'projector' });
const db = createPostgresDb({ connectionString: database.url, maxConnections: 2 });
const store = createPostgresEventStore(db);

try {
  // One user per client: each connection is a different person's conversation.
  const keys: string[] = [];
  for (let i = 0; i < connections; i++) {
    const response = await fetch(`${api.url}/admin/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: `bench-user-${i}` }),
    });
    keys.push(((await response.json()) as { api_key: string }).api_key);
  }
  // Each connection is one person's conversation; every acknowledged round id is kept for the loss check.
  let clientNumber = 0;
  const acknowledgedIds = new Set<string>();
  process.stderr.write(`ingest: ${connections} clients for ${seconds} s against ${api.url}\n`);
  const result = await autocannon({
    url: api.url!,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/memory/ingest',
        setupRequest(request: Record<string, unknown>, context: { n?: number }) {
          context.n ??= clientNumber++;
          const n = context.n;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[n % keys.length]}` },
            body: JSON.stringify({
              session_id: `bench-session-${n}`,
              user_message: `Round from client ${n}: what did we decide about the retrieval budget for the quarterly report?`,
              assistant_message: 'We agreed to cap the SIP at 1,500 tokens and to cite every document chunk it uses.',
              response_time_ms: 420,
            }),
          };
        },
        onResponse(status: number, body: string) {
          if (status < 300) acknowledgedIds.add((JSON.parse(body) as { round_id: string }).round_id);
        },
      },
    ],
  });
  const acknowledged = result['2xx'];
  const status = await projectionStatus(db, store, allProjections);
  const lagAtStop = Math.max(...status.map((s) => s.lagEvents));
  const lagSecondsAtStop = Math.max(...status.map((s) => s.lagSeconds));
  const caughtUpStart = performance.now();
  for (;;) {
    const now = await projectionStatus(db, store, allProjections);
    if (now.every((s) => s.lagEvents === 0)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const catchUpSeconds = (performance.now() - caughtUpStart) / 1000;
  const events = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'RoundIngested'")).rows[0]!.n;
  const projectedIds = new Set(
    (await db.query<{ record_id: string }>("SELECT record_id FROM memory_records WHERE provenance = 'ROUND'")).rows.map((r) => r.record_id),
  );
  const missing = [...acknowledgedIds].filter((id) => !projectedIds.has(id)).length;

  console.log(`\nHTTP ingest, ${connections} clients, ${seconds} s, API + projector processes on PostgreSQL`);
  console.log(`  rounds/s           ${fmt(acknowledged / seconds, 0)} (acknowledged ${acknowledged}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  console.log(`  latency ms         p50 ${result.latency.p50}  p97.5 ${result.latency.p97_5}  p99 ${result.latency.p99}  max ${result.latency.max}`);
  console.log(`  projection lag     ${lagAtStop} events / ${fmt(lagSecondsAtStop, 2)} s when the load stopped; caught up ${fmt(catchUpSeconds, 2)} s later`);
  // Requests still in flight when the clock stopped are written but never counted by the client, so events may exceed acknowledgements by at most one per connection.
  const inFlight = events - acknowledgedIds.size;
  const lossless = missing === 0 && events === projectedIds.size && inFlight >= 0 && inFlight <= connections;
  console.log(`  zero loss          ${acknowledgedIds.size} acknowledged round ids, ${missing} missing; events ${events} = projected ${projectedIds.size}; ${inFlight} written while in flight at stop: ${lossless ? 'OK' : 'MISMATCH'}`);
  if (!lossless) process.exitCode = 1;
} finally {
  await api.stop();
  await projector.stop();
  await db.close();
  await database.drop();
}
if (profile) {
  console.log('  API CPU profile, self time by area:');
  for (const { area, share } of profileShares(profileDir)) console.log(`    ${fmt(share * 100)}%  ${area}`);
}
