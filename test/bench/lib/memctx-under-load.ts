import { createPostgresDb, type Db } from '@memctx/db';
import { freePort } from '../../faults/roles.js';
import { createBenchDatabase } from './database.js';
import type { LoadRequest } from './open-loop.js';
import { requireBuild, startService, type Service } from './processes.js';
import { findSustainableRate, type RampStep } from './sustainable-rate.js';

const ADMIN = 'bench-admin-token-0123456789';

export type Role = 'api' | 'projector';

export interface MemctxUnderLoad {
  apiUrl: string;
  /** One API key per user. */
  keys: string[];
  pids(): Record<Role, number | undefined>;
  /** Each process's Prometheus metrics. */
  metricsUrls: Record<Role, string>;
  /** Rounds stored but not yet projected into memory records. */
  projectionLag(): Promise<number>;
  db: Db;
  /** The API again on the same port, with these settings beside the others. */
  restartApi(env: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The compiled service on a scratch PostgreSQL database, the API and the projector as separate processes (as they
 * are deployed), with `users` API keys. Embeddings are off unless MEMCTX_BENCH_EMBEDDINGS=on: the local model's CPU
 * would measure the model rather than the service's handling of load.
 */
export async function startMemctxUnderLoad(options: { users: number; env?: Record<string, string> }): Promise<MemctxUnderLoad> {
  requireBuild();
  const database = await createBenchDatabase(process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const common = {
    MEMCTX_DATABASE_URL: database.url, MEMCTX_ADMIN_TOKEN: ADMIN, MEMCTX_DAILY_INGEST_QUOTA: '1000000000', HOST: '127.0.0.1',
    MEMCTX_EMBEDDINGS: process.env.MEMCTX_BENCH_EMBEDDINGS === 'on' ? 'on' : 'off', MEMCTX_LOG_LEVEL: 'error', ...options.env,
  };
  const [apiPort, projectorPort] = [await freePort(), await freePort()];
  const startApi = (env: Record<string, string> = {}) => startService({ ...common, MEMCTX_ROLES: 'api', PORT: String(apiPort), ...env });
  let api: Service = await startApi();
  const projector = await startService({ ...common, MEMCTX_ROLES: 'projector', MEMCTX_METRICS_PORT: String(projectorPort) });
  const db = createPostgresDb({ connectionString: database.url, maxConnections: 2 });
  const apiUrl = api.url!;
  const keys: string[] = [];
  for (let i = 0; i < options.users; i++) {
    const response = await fetch(`${apiUrl}/admin/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: `bench-user-${i}` }),
    });
    keys.push(((await response.json()) as { api_key: string }).api_key);
  }
  return {
    apiUrl,
    keys,
    pids: () => ({ api: api.child.pid, projector: projector.child.pid }),
    metricsUrls: { api: `${apiUrl}/metrics`, projector: `http://127.0.0.1:${projectorPort}/metrics` },
    projectionLag: () => roundsNotProjected(db),
    db,
    async restartApi(env) {
      await api.stop();
      api = await startApi(env);
    },
    async stop() {
      await api.stop();
      await projector.stop();
      await db.close();
      await database.drop();
    },
  };
}

/**
 * Rounds stored minus rounds projected, from the tables themselves: the projections' own status (and its metric,
 * cached for seconds) would tie the benchmark to how projections keep their checkpoints.
 */
async function roundsNotProjected(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT (SELECT count(*) FROM events WHERE type = 'RoundIngested') - (SELECT count(*) FROM memory_records WHERE provenance = 'ROUND') AS n",
  );
  return Number(rows[0]!.n);
}

/** Waits (up to `timeoutMs`) until the projections have caught up; answers the lag left. */
export async function settle(service: MemctxUnderLoad, timeoutMs = 60_000): Promise<number> {
  let lag = await service.projectionLag();
  for (const deadline = Date.now() + timeoutMs; lag > 0 && Date.now() < deadline; lag = await service.projectionLag()) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return lag;
}

/**
 * The sustainable rate of `request` against the service: 5 s steps (MEMCTX_BENCH_RAMP_SECONDS) ×1.25 from
 * MEMCTX_BENCH_RAMP_START (or `startRate`), the accepted p99 within MEMCTX_BENCH_MAX_P99_MS (250), the projector within
 * 2 s, settled between steps. Throws when not even the lowest rate tried was sustained.
 */
export async function rampAgainst(service: MemctxUnderLoad, request: (i: number) => LoadRequest & { kind: string }, startRate: number): Promise<{ rate: number; steps: RampStep[] }> {
  const ramp = await findSustainableRate({
    origin: service.apiUrl,
    request,
    startRate: Number(process.env.MEMCTX_BENCH_RAMP_START ?? startRate),
    factor: 1.25,
    stepSeconds: Number(process.env.MEMCTX_BENCH_RAMP_SECONDS ?? 5),
    maxP99Ms: Number(process.env.MEMCTX_BENCH_MAX_P99_MS ?? 250),
    lag: () => service.projectionLag(),
    maxLagSeconds: 2,
    between: async () => void (await settle(service)),
  }, console.log);
  if (ramp.rate === 0) throw new Error('not even 1 req/s was sustained');
  return ramp;
}

/**
 * Rounds posted as assistants post them: request i goes to session i mod `sessions`, each session one user's
 * (of `keys`); many sessions, so requests in flight together rarely write the same stream.
 */
export function roundRequest(keys: readonly string[], sessions = 1024) {
  return (i: number): LoadRequest & { kind: string } => {
    const session = i % sessions;
    return {
      kind: 'round',
      method: 'POST',
      path: '/api/v1/memory/ingest',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[session % keys.length]}` },
      body: JSON.stringify({
        session_id: `bench-session-${session}`,
        user_message: `Round ${i}: what did we decide about the retrieval budget for the quarterly report?`,
        assistant_message: 'We agreed to cap the SIP at 1,500 tokens and to cite every document chunk it uses.',
        response_time_ms: 420,
      }),
    };
  };
}

const QUERIES = ['retrieval budget for the quarterly report', 'what did we decide about citations', 'the token cap of the SIP', 'document chunks we cite'];

/** A SIP build for the user of request i, with one of a few queries about what the rounds say. */
export function sipRequest(keys: readonly string[]) {
  return (i: number): LoadRequest & { kind: string } => ({
    kind: 'sip',
    method: 'POST',
    path: '/api/v1/sip/build',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[i % keys.length]}` },
    body: JSON.stringify({ query: QUERIES[i % QUERIES.length] }),
  });
}

/** Rounds and SIP builds interleaved evenly: every (1 / sipShare)-th request a SIP build, the rest rounds. */
export function mixedRequest(keys: readonly string[], sipShare: number) {
  const round = roundRequest(keys);
  const sip = sipRequest(keys);
  const every = Math.max(1, Math.round(1 / sipShare));
  return { every, request: (i: number): LoadRequest & { kind: string } => (sipShare > 0 && i % every === every - 1 ? sip(i) : round(i)) };
}
