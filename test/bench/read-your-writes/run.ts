/**
 * A SIP asked right after a round, as an assistant asks before its next reply: the build waits until the projections
 * have passed the user's round (read-your-writes), so its latency holds how soon the projector reads. Against the
 * same SIP asked once the round is long projected, and the projector's CPU per round in each phase.
 *   pnpm build && pnpm bench:read-your-writes
 * Env: MEMCTX_BENCH_PAIRS (300, per phase), MEMCTX_BENCH_USERS (8), MEMCTX_BENCH_DATABASE_URL, any MEMCTX_* setting
 *      of the service (MEMCTX_PROJECTOR_GATHER_MS).
 */
import { roundRequest, settle, sipRequest, startMemctxUnderLoad, type MemctxUnderLoad } from '../lib/memctx-under-load.js';
import type { LoadRequest } from '../lib/open-loop.js';
import { cpuSeconds } from '../lib/cpu.js';
import { fmt, summarize } from '../lib/stats.js';

const pairs = Number(process.env.MEMCTX_BENCH_PAIRS ?? 300);
const users = Number(process.env.MEMCTX_BENCH_USERS ?? 8);
const SETTLED_MS = 300;

async function timed(service: MemctxUnderLoad, request: LoadRequest): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${service.apiUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${request.method} ${request.path}: ${response.status}`);
  return performance.now() - started;
}

/** Rounds then SIPs for the same user, one pair at a time; `pauseMs` between a round and its SIP. */
async function phase(service: MemctxUnderLoad, name: string, pauseMs: number, offset: number) {
  const rounds: number[] = [];
  const sips: number[] = [];
  const cpuBefore = cpuSeconds(service.pids().projector);
  const started = performance.now();
  for (let i = offset; i < offset + pairs; i++) {
    rounds.push(await timed(service, round(i)));
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    sips.push(await timed(service, sip(i % users)));
  }
  const seconds = (performance.now() - started) / 1000;
  const projectorMs = (cpuSeconds(service.pids().projector) - cpuBefore) * 1000;
  const r = summarize(rounds);
  const s = summarize(sips);
  console.log(`| ${name} | ${fmt(pairs / seconds)} | ${fmt(r.p50)} / ${fmt(r.p99)} | ${fmt(s.p50)} / ${fmt(s.p95)} / ${fmt(s.p99)} | ${fmt(projectorMs / pairs, 2)} |`);
}

const service = await startMemctxUnderLoad({ users });
// Each user's rounds in sessions of their own: roundRequest maps request i to session i mod sessions, of user (session mod keys).
const round = roundRequest(service.keys, users);
const sip = sipRequest(service.keys);
try {
  console.log(`\nRead-your-writes: ${pairs} round + SIP pairs per phase, ${users} users, one pair at a time`);
  console.log('| phase | pairs/s | round p50 / p99 ms | SIP p50 / p95 / p99 ms | projector CPU ms per round |');
  console.log('|---|---|---|---|---|');
  // Warm-up: every user has memory and every statement is prepared.
  for (let i = 0; i < 4 * users; i++) await timed(service, round(i));
  await settle(service);
  await phase(service, 'SIP right after the round', 0, 1_000);
  await settle(service);
  await phase(service, `SIP ${SETTLED_MS} ms after the round`, SETTLED_MS, 2_000);
} finally {
  await service.stop();
}
