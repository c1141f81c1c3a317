/**
 * Overload: the rate the service sustains, then four times that, open loop (requests sent when due, not when
 * earlier ones were answered), API and projector as separate processes on PostgreSQL, rounds posted by many users.
 * The service should shed what it cannot take (503 + Retry-After) instead of queueing it, keep the p99 of what it
 * accepts within 2× its p99 at the sustainable rate, and keep its memory bounded.
 *   pnpm build && pnpm bench:overload
 * Env: MEMCTX_BENCH_SECONDS (20 per measured phase), MEMCTX_BENCH_OVERLOAD_FACTOR (4), MEMCTX_BENCH_RAMP_START (100 req/s),
 *      MEMCTX_BENCH_RAMP_SECONDS (5 per step), MEMCTX_BENCH_MAX_P99_MS (250: a ramp step past it is not sustained),
 *      MEMCTX_BENCH_PHASES (sustainable,overload,unbounded: the last offers the overload again to an API without bounds),
 *      MEMCTX_BENCH_RATE (take this as the sustainable rate instead of ramping),
 *      MEMCTX_BENCH_DATABASE_URL, MEMCTX_BENCH_EMBEDDINGS=on, and the service's own settings (MEMCTX_MAX_IN_FLIGHT,
 *      MEMCTX_SHED_QUEUE_MS: every request carries the X-Request-Start a load balancer would stamp on it, ...).
 */
import { loadavg } from 'node:os';
import { countRounds } from '../ingest/checks.js';
import { measureCpu } from '../lib/cpu.js';
import { rampAgainst, settle, startMemctxUnderLoad, roundRequest } from '../lib/memctx-under-load.js';
import { runClosedLoop, runOpenLoop, type PhaseSummary } from '../lib/open-loop.js';
import { heapUsedMb, sampleRss } from '../lib/process-memory.js';
import { fmt } from '../lib/stats.js';

const seconds = Number(process.env.MEMCTX_BENCH_SECONDS ?? 20);
const factor = Number(process.env.MEMCTX_BENCH_OVERLOAD_FACTOR ?? 4);
const phases = new Set((process.env.MEMCTX_BENCH_PHASES ?? 'sustainable,overload,unbounded').split(','));
const USERS = 64;
const SESSIONS = 1024;

interface Measured {
  name: string;
  summary: PhaseSummary;
  rss: Record<string, number>;
  heap: { api: number; projector: number };
  cpu: Record<string, number>;
}

const load = () => loadavg().map((l) => fmt(l, 2)).join(' ');
const service = await startMemctxUnderLoad({ users: USERS });
const request = roundRequest(service.keys, SESSIONS);
const rss = sampleRss(() => service.pids());
const measured: Measured[] = [];

async function phase(name: string, rate: number): Promise<Measured> {
  await settle(service);
  rss.reset();
  const { result: summary, cpu } = await measureCpu(service.db, service.pids(), () => runOpenLoop({ origin: service.apiUrl, rate, seconds, request }), { sampleMs: 0 });
  const heap = { api: await heapUsedMb(service.metricsUrls.api), projector: await heapUsedMb(service.metricsUrls.projector) };
  const result = { name, summary, rss: rss.peaks(), heap, cpu };
  measured.push(result);
  const s = summary;
  console.log(`  ${name}: offered ${rate}/s, accepted ${fmt(s.accepted / seconds, 0)}/s, shed ${fmt(s.shed / seconds, 0)}/s, errors ${s.errors} ${JSON.stringify(s.statuses)}, sent late by up to ${fmt(s.sendLagP99)} ms; load ${load()}`);
  return result;
}

try {
  console.log(`\nOverload, ${USERS} users, rounds over ${SESSIONS} sessions, open loop; load average before: ${load()}`);
  // Warm-up: JIT, pools, and a first round in every session (a session's first round also starts it).
  const warmedUp = await runClosedLoop({ origin: service.apiUrl, count: SESSIONS, concurrency: 16, request });
  // MEMCTX_BENCH_RATE: the sustainable rate as measured before (a comparison of settings at one rate), no ramp.
  const ramp = process.env.MEMCTX_BENCH_RATE ? { rate: Number(process.env.MEMCTX_BENCH_RATE), steps: [] } : await rampAgainst(service, request, 100);
  const sustainable = ramp.rate;
  console.log(`  sustainable rate: ${sustainable} req/s; offered under overload: ${sustainable * factor} req/s (×${factor})`);

  if (phases.has('sustainable')) await phase('sustainable', sustainable);
  if (phases.has('overload')) await phase(`×${factor}`, sustainable * factor);
  if (phases.has('unbounded')) {
    await service.restartApi({ MEMCTX_MAX_IN_FLIGHT: '0', MEMCTX_COMMIT_QUEUE_MAX: '0' });
    await phase(`×${factor} no bounds`, sustainable * factor);
  }

  console.log(`\n| phase | offered/s | accepted/s | shed/s | errors | p50 ms | p99 ms | shed p99 ms | peak RSS MB api / projector | heap MB api / projector | CPU ms per accepted: api, projector, their PostgreSQL |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { name, summary: s, rss: r, heap, cpu } of measured) {
    const perAccepted = (key: string) => fmt(((cpu[key] ?? 0) * 1000) / Math.max(1, s.accepted), 2);
    console.log(`| ${name} | ${fmt(s.rate, 0)} | ${fmt(s.accepted / seconds, 0)} | ${fmt(s.shed / seconds, 0)} | ${s.errors} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${s.shed ? fmt(s.shedP99) : '–'} | ` +
      `${fmt(r.api ?? 0, 0)} / ${fmt(r.projector ?? 0, 0)} | ${fmt(heap.api, 0)} / ${fmt(heap.projector, 0)} | ` +
      `${perAccepted('api')}, ${perAccepted('projector')}, ${perAccepted('api pg')}, ${perAccepted('projector pg')} |`);
  }
  const base = measured.find((m) => m.name === 'sustainable');
  const over = measured.find((m) => m.name === `×${factor}`);
  if (base && over) {
    const ratio = over.summary.p99 / base.summary.p99;
    console.log(`\n  p99 of accepted under ×${factor} / at the sustainable rate: ×${fmt(ratio, 2)} (goal ≤ 2)`);
    console.log(`  peak API RSS under ×${factor} / at the sustainable rate: ×${fmt((over.rss.api ?? 0) / (base.rss.api ?? 1), 2)}`);
    console.log(`  shed answers without Retry-After: ${over.summary.shedWithoutRetryAfter}`);
  }
  // Every shed request was refused before it was stored: what is stored is what was accepted (and requests that timed out).
  const accepted = warmedUp + [...ramp.steps, ...measured.map((m) => m.summary)].reduce((n, s) => n + s.accepted, 0);
  await settle(service);
  console.log(`  rounds stored ${await countRounds(service.db)}, accepted ${accepted} (requests that timed out may be stored too)`);
} finally {
  rss.stop();
  await service.stop();
}
