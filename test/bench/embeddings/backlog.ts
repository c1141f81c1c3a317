/**
 * Does embedding keep up with ingest? The compiled service (PostgreSQL, one process with every role) takes LoCoMo
 * rounds at a steady rate over HTTP, as a platform posts them, while the embedding backlog is read from the health
 * check each second; then posting stops and the backlog drains. Each option gets a fresh service and database, and the
 * options take turns. Every posted text is made unique, so the embedding cache never answers for the model.
 *   pnpm build && pnpm bench:embeddings:backlog
 * Env: MEMCTX_BENCH_RATE (rounds/s, default 50), MEMCTX_BENCH_SECONDS (default 60),
 *      MEMCTX_BENCH_OPTIONS (keys, comma-separated: today, old, bge-1t, minilm-1t, minilm-2t; default all),
 *      MEMCTX_BENCH_PROFILE=<dir> (the service's CPU profile, one .cpuprofile per thread, written when it stops).
 */
import { cpuSeconds, machineCpuSeconds } from '../lib/cpu.js';
import { embeddingBacklog, startTarget, userClient, waitForEmbeddings } from '../lib/memory-bench.js';
import { requireBuild } from '../lib/processes.js';
import { fmt } from '../lib/stats.js';
import { loadSamples, roundsOf, turnText } from '../locomo/dataset.js';

const RATE = Number(process.env.MEMCTX_BENCH_RATE ?? 50);
const SECONDS = Number(process.env.MEMCTX_BENCH_SECONDS ?? 60);
const BGE = 'BAAI/bge-small-en-v1.5';
const OPTIONS: { key: string; name: string; env: Record<string, string> }[] = [
  { key: 'today', name: 'today (MiniLM-L6, 2 model threads of 1, 256 tokens)', env: {} },
  // The service's threads never spin, so this is the old model and thread count, not onnxruntime's spinning of the time.
  { key: 'old', name: 'old defaults (bge-small, a thread per core, 512)', env: { MEMCTX_EMBEDDING_MODEL: BGE, MEMCTX_EMBEDDING_THREADS: '0', MEMCTX_EMBEDDING_WORKER_THREADS: '1' } },
  { key: 'bge-1t', name: 'bge-small, 1 thread, 512 tokens', env: { MEMCTX_EMBEDDING_MODEL: BGE, MEMCTX_EMBEDDING_THREADS: '1', MEMCTX_EMBEDDING_WORKER_THREADS: '1' } },
  { key: 'minilm-1t', name: 'MiniLM-L6, 1 thread, 256 tokens', env: { MEMCTX_EMBEDDING_THREADS: '1', MEMCTX_EMBEDDING_WORKER_THREADS: '1' } },
  { key: 'minilm-2t', name: 'MiniLM-L6, 1 model thread of 2, 256 tokens', env: { MEMCTX_EMBEDDING_THREADS: '2', MEMCTX_EMBEDDING_WORKER_THREADS: '1' } },
];
const wanted = process.env.MEMCTX_BENCH_OPTIONS?.split(',').map((s) => s.trim());
const options = OPTIONS.filter((o) => !wanted || wanted.includes(o.key));
const rounds = loadSamples().flatMap((sample) => roundsOf(sample));

interface Outcome { machineCpuMsPerRound: number; cpuMsPerRound: number; acknowledged: number; failed: number; reasons: Map<string, number>; maxBacklog: number; endBacklog: number; drainSeconds: number }

async function measure(env: Record<string, string>): Promise<Outcome> {
  const profile = process.env.MEMCTX_BENCH_PROFILE;
  const target = await startTarget('postgres', env, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
  try {
    const call = await userClient(target.url, 'backlog-user');
    let sent = 0;
    let acknowledged = 0;
    let failed = 0;
    const reasons = new Map<string, number>();
    let maxBacklog = 0;
    const pending = new Set<Promise<void>>();
    const began = performance.now();
    const cpuAtStart = cpuSeconds(target.pid);
    const machineAtStart = machineCpuSeconds();
    const sampler = setInterval(() => {
      embeddingBacklog(target.url).then((n) => (maxBacklog = Math.max(maxBacklog, n)), () => undefined);
    }, 1_000);
    // Open loop: each tick sends what the rate owes by now, whether or not earlier rounds were answered.
    while (performance.now() - began < SECONDS * 1_000) {
      const owed = Math.floor(((performance.now() - began) / 1_000) * RATE);
      for (; sent < owed; sent++) {
        const round = rounds[sent % rounds.length]!;
        const request = call('POST', '/api/v1/memory/ingest', {
          session_id: `s${Math.floor(sent / 50)}`,
          user_message: `${turnText(round.user)} [${sent}]`,
          assistant_message: round.assistant ? `${turnText(round.assistant)} [${sent}]` : '',
        }).then(() => void acknowledged++, (error: Error) => {
          failed++;
          const reason = /answered (\d+)/.exec(error.message)?.[1] ?? error.message.slice(0, 60);
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        });
        const tracked = request.finally(() => pending.delete(tracked));
        pending.add(tracked);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(pending);
    clearInterval(sampler);
    const endBacklog = await embeddingBacklog(target.url);
    const drainSeconds = await waitForEmbeddings(target.url);
    // The whole service's CPU until every round was embedded, per round: what a round costs it, embedding included.
    const cpuMsPerRound = ((cpuSeconds(target.pid) - cpuAtStart) * 1000) / Math.max(1, acknowledged);
    const machineCpuMsPerRound = ((machineCpuSeconds() - machineAtStart) * 1000) / Math.max(1, acknowledged);
    return { machineCpuMsPerRound, cpuMsPerRound, acknowledged, failed, reasons, maxBacklog: Math.max(maxBacklog, endBacklog), endBacklog, drainSeconds };
  } finally {
    await target.stop();
  }
}

requireBuild();
console.log(`\nEmbedding backlog under ingest: ${RATE} rounds/s for ${SECONDS} s over HTTP, each option on a fresh service`);
console.log(`  ${'option'.padEnd(48)} ${'acked'.padStart(6)} ${'backlog max'.padStart(12)} ${'at end'.padStart(7)} ${'drain s'.padStart(8)} ${'embedded rounds/s'.padStart(18)} ${'service CPU ms/round'.padStart(21)} ${'machine'.padStart(8)}`);
for (const option of options) {
  const o = await measure(option.env);
  // What the embedder kept up with while posting went on, and overall until the backlog was 0.
  const during = (o.acknowledged - o.endBacklog) / SECONDS;
  console.log(
    `  ${option.name.padEnd(48)} ${String(o.acknowledged).padStart(6)} ${String(o.maxBacklog).padStart(12)} ${String(o.endBacklog).padStart(7)} ` +
      `${fmt(o.drainSeconds).padStart(8)} ${`${fmt(during)} (${fmt(o.acknowledged / (SECONDS + o.drainSeconds))} overall)`.padStart(18)} ${fmt(o.cpuMsPerRound).padStart(21)} ${fmt(o.machineCpuMsPerRound).padStart(8)}` +
      (o.failed ? `  ${o.failed} failed (${[...o.reasons].map(([r, n]) => `${r} ×${n}`).join(', ')})` : ''),
  );
}
