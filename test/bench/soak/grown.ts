/**
 * The soak's mix on a store that has grown: the same rate of rounds and SIP builds on a fresh store and again after
 * each of the 64 users holds about N records (filled by closed-loop rounds at full speed, then settled), API and
 * projector apart on PostgreSQL. What the 30-minute soak shows as a p99 that rises, in a few minutes, with the CPU
 * per phase and the SIP's stages beside it.
 *   pnpm build && pnpm bench:soak:grown
 * Env: MEMCTX_SOAK_RATE (146 req/s), MEMCTX_SOAK_SIP_SHARE (0.2), MEMCTX_GROWN_SECONDS (45 per phase),
 *      MEMCTX_GROWN_RECORDS (1000,2500: records per user after each fill), MEMCTX_BENCH_DATABASE_URL.
 */
import { cpuSeconds, machineCpuSeconds } from '../lib/cpu.js';
import { mixedRequest, roundRequest, settle, startMemctxUnderLoad } from '../lib/memctx-under-load.js';
import { runClosedLoop, runOpenLoop } from '../lib/open-loop.js';
import { printStages, stageFigures, stageSnapshot } from '../lib/stages.js';
import { fmt, summarize } from '../lib/stats.js';

const USERS = 64;
const WARM_UP = 1024;
const rate = Number(process.env.MEMCTX_SOAK_RATE ?? 146);
const sipShare = Number(process.env.MEMCTX_SOAK_SIP_SHARE ?? 0.2);
const seconds = Number(process.env.MEMCTX_GROWN_SECONDS ?? 45);
const sizes = (process.env.MEMCTX_GROWN_RECORDS ?? '1000,2500').split(',').map(Number);
const SIP_ROUTE = '/api/v1/sip/build';

const service = await startMemctxUnderLoad({ users: USERS });
const round = roundRequest(service.keys);
const { every, request: mixed } = mixedRequest(service.keys, sipShare);
// Requests sent so far: each phase and fill goes on from there, so rounds keep their sessions and numbers apart.
let sent = 0;
let rounds = 0;

async function phase(label: string): Promise<void> {
  await settle(service, 600_000);
  const ms: Record<string, number[]> = { round: [], sip: [] };
  const stagesBefore = stageSnapshot(await (await fetch(service.metricsUrls.api)).text(), SIP_ROUTE);
  const pids = service.pids();
  const cpu = () => ({ machine: machineCpuSeconds(), api: cpuSeconds(pids.api), projector: cpuSeconds(pids.projector) });
  const before = cpu();
  const from = sent;
  const summary = await runOpenLoop({ origin: service.apiUrl, rate, seconds, request: (i) => mixed(from + i), onAnswer: (a) => ms[a.kind]?.push(a.ms) });
  const after = cpu();
  sent += summary.sent;
  rounds += ms.round!.length;
  const [r, s] = [summarize(ms.round!), summarize(ms.sip!)];
  console.log(`\n${label}: ${summary.accepted} accepted, ${summary.shed} shed, ${summary.errors} errors`);
  console.log(`  rounds p50 ${fmt(r.p50)} / p99 ${fmt(r.p99)} ms; SIP builds p50 ${fmt(s.p50)} / p99 ${fmt(s.p99)} ms`);
  console.log(`  CPU s over the phase: machine ${fmt(after.machine - before.machine)}, API ${fmt(after.api - before.api)}, projector ${fmt(after.projector - before.projector)}`);
  printStages('SIP build stages', stageFigures(stageSnapshot(await (await fetch(service.metricsUrls.api)).text(), SIP_ROUTE), stagesBefore));
}

try {
  console.log(`\nThe soak's mix (1 in ${every} a SIP build) at ${rate} req/s for ${seconds} s, ${USERS} users, on a fresh store and after it grew`);
  await runClosedLoop({ origin: service.apiUrl, count: WARM_UP, concurrency: 16, request: round });
  sent = rounds = WARM_UP;
  await phase(`fresh store (~${Math.round(rounds / USERS)} records per user)`);
  for (const perUser of sizes) {
    const fill = perUser * USERS - rounds;
    if (fill > 0) {
      const from = sent;
      await runClosedLoop({ origin: service.apiUrl, count: fill, concurrency: 64, request: (i) => round(from + i) });
      sent += fill;
      rounds += fill;
    }
    await phase(`~${perUser} records per user`);
  }
} finally {
  await service.stop();
}
