/**
 * Soak: rounds and SIP builds mixed, at half the rate the service sustains, for a long time (30 minutes by
 * default), API and projector as separate processes on PostgreSQL, open loop. Per window (5 minutes by default):
 * RSS and used heap of each process, p99 of each kind of request, errors. Goal: RSS growth under 10 % after the
 * first window, p99 flat, 0 errors.
 *   pnpm build && pnpm bench:soak
 * Env: MEMCTX_SOAK_MINUTES (30), MEMCTX_SOAK_WINDOW_MINUTES (5), MEMCTX_SOAK_RATE (req/s; unset: half the rate a
 *      short ramp finds sustained), MEMCTX_SOAK_SIP_SHARE (0.2 of the requests are SIP builds), MEMCTX_BENCH_RAMP_START
 *      (20 req/s), MEMCTX_BENCH_RAMP_SECONDS (5), MEMCTX_BENCH_MAX_P99_MS (250), MEMCTX_BENCH_DATABASE_URL, MEMCTX_BENCH_EMBEDDINGS=on.
 */
import { loadavg } from 'node:os';
import { mixedRequest, rampAgainst, settle, startMemctxUnderLoad, roundRequest } from '../lib/memctx-under-load.js';
import { runClosedLoop, runOpenLoop } from '../lib/open-loop.js';
import { heapUsedMb, sampleRss } from '../lib/process-memory.js';
import { fmt } from '../lib/stats.js';
import { createWindows, p99Of, type Window } from './windows.js';

const minutes = Number(process.env.MEMCTX_SOAK_MINUTES ?? 30);
const windowMinutes = Number(process.env.MEMCTX_SOAK_WINDOW_MINUTES ?? 5);
const sipShare = Number(process.env.MEMCTX_SOAK_SIP_SHARE ?? 0.2);
const USERS = 64;
const ROLES = ['api', 'projector'] as const;
const HEAP_SAMPLE_MS = 5_000;

const heapRange = (w: Window, role: string) => `${fmt(w.heapMin[role] ?? Number.NaN, 0)}–${fmt(w.heapMax[role] ?? Number.NaN, 0)}`;
const load = () => loadavg().map((l) => fmt(l, 2)).join(' ');
const service = await startMemctxUnderLoad({ users: USERS });
const round = roundRequest(service.keys);
const { every, request: mixed } = mixedRequest(service.keys, sipShare);
const rss = sampleRss(() => service.pids());

try {
  console.log(`\nSoak, ${USERS} users, rounds and SIP builds (1 in ${every}), open loop, ${minutes} min in ${windowMinutes}-min windows; load average before: ${load()}`);
  // Warm-up: a first round in every session, so SIP builds find memory and sessions are started.
  await runClosedLoop({ origin: service.apiUrl, count: 1024, concurrency: 16, request: round });
  let rate = Number(process.env.MEMCTX_SOAK_RATE ?? 0);
  if (!rate) {
    const ramp = await rampAgainst(service, mixed, 20);
    rate = Math.max(1, Math.round(ramp.rate / 2));
    console.log(`  sustainable rate of the mix: ${ramp.rate} req/s; soaking at ${rate} req/s`);
  }
  await settle(service);

  const windowMs = windowMinutes * 60_000;
  const windowCount = Math.max(1, Math.round(minutes / windowMinutes));
  const windows = createWindows(windowMs, windowCount);
  rss.reset();
  // At each window's end: its peak RSS and the projection lag now.
  const closeWindow = async (index: number) => {
    const window = windows.at(index);
    window.rss = rss.peaks();
    rss.reset();
    window.projectionLag = await service.projectionLag();
  };
  let closed = 0;
  const heapTimer = setInterval(() => {
    const window = windows.at(closed);
    for (const role of ROLES) {
      void heapUsedMb(service.metricsUrls[role]).then((mb) => {
        window.heapMin[role] = Math.min(window.heapMin[role] ?? Infinity, mb);
        window.heapMax[role] = Math.max(window.heapMax[role] ?? 0, mb);
      }, () => undefined);
    }
  }, HEAP_SAMPLE_MS);
  const timer = setInterval(() => {
    if (closed < windowCount - 1) void closeWindow(closed++);
  }, windowMs);
  const summary = await runOpenLoop({ origin: service.apiUrl, rate, seconds: minutes * 60, request: mixed, onAnswer: windows.record });
  clearInterval(timer);
  clearInterval(heapTimer);
  await closeWindow(closed);

  console.log(`\n| window | rounds/s | SIP builds/s | shed | errors | round p99 ms | SIP p99 ms | peak RSS MB api / projector | used heap MB, lowest–highest, api / projector | projection lag |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const seconds = windowMinutes * 60;
  for (const w of windows.windows) {
    const errors = Object.values(w.errors).reduce((n, e) => n + e, 0);
    console.log(`| ${w.index * windowMinutes}–${(w.index + 1) * windowMinutes} min | ${fmt((w.accepted.round ?? 0) / seconds)} | ${fmt((w.accepted.sip ?? 0) / seconds)} | ${w.shed} | ` +
      `${errors}${errors ? ` ${JSON.stringify(w.errors)}` : ''} | ${fmt(p99Of(w.latencies.round))} | ${fmt(p99Of(w.latencies.sip))} | ` +
      `${fmt(w.rss.api ?? 0, 0)} / ${fmt(w.rss.projector ?? 0, 0)} | ${heapRange(w, 'api')} / ${heapRange(w, 'projector')} | ${w.projectionLag} |`);
  }
  const [first, ...rest] = windows.windows;
  if (first && rest.length > 0) {
    for (const role of ROLES) {
      const later = Math.max(...rest.map((w) => w.rss[role] ?? 0));
      console.log(`  ${role}: peak RSS after the first window ${fmt(later, 0)} MB vs ${fmt(first.rss[role] ?? 0, 0)} MB in it: ${fmt(((later / (first.rss[role] ?? 1)) - 1) * 100)} % (goal < 10 %)`);
    }
    for (const role of ROLES) {
      const floors = windows.windows.map((w) => w.heapMin[role] ?? Number.NaN);
      console.log(`  ${role}: lowest used heap per window ${floors.map((mb) => fmt(mb, 0)).join(', ')} MB`);
    }
    for (const kind of ['round', 'sip']) {
      const p99s = rest.map((w) => p99Of(w.latencies[kind]));
      console.log(`  ${kind} p99 after the first window: ${fmt(Math.min(...p99s))}–${fmt(Math.max(...p99s))} ms (first window ${fmt(p99Of(first.latencies[kind]))} ms)`);
    }
  }
  console.log(`  total: ${summary.accepted} accepted, ${summary.shed} shed, ${summary.errors} errors ${JSON.stringify(summary.statuses)} (goal: 0 errors); load average after: ${load()}`);
  if (summary.errors > 0) process.exitCode = 1;
} finally {
  rss.stop();
  await service.stop();
}
