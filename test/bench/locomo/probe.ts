/**
 * Diagnosis for retrieval work: post the LoCoMo split once into a kept
 * PostgreSQL database, then ask its questions again and again against the
 * compiled service as the code changes, without posting anew each time.
 *   pnpm build && node --conditions=@memctx/source --import tsx test/bench/locomo/probe.ts post
 *   pnpm build && node --conditions=@memctx/source --import tsx test/bench/locomo/probe.ts ask
 * Env: MEMCTX_PROBE_DATABASE (default memctx_locomo_probe), MEMCTX_BENCH_MISSES=N, MEMCTX_LOCOMO_SPLIT,
 *      MEMCTX_LOCOMO_UNLABELLED=1, MEMCTX_BENCH_DUMP=<file> (each answer, for offline study), MEMCTX_BENCH_PROFILE=1
 *      (where the service spent its CPU, by function, and the builds' p50/p95 as the client saw them),
 *      MEMCTX_PROBE_SCOPE=user (each question asked over all the conversations, not its own project's), and any MEMCTX_* setting.
 * `pnpm bench:locomo` is the measurement; this only shortens the loop between changes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOnKeptDatabase } from '../lib/kept-database.js';
import { client } from './client.js';
import { profileShares } from '../lib/profile.js';
import { fmt, summarize } from '../lib/stats.js';
import { dumpQuestion, waitForEmbeddings } from '../lib/memory-bench.js';
import { dateStated } from '../lib/dates-stated.js';
import { answerWordsOf, bareText, evidenceIds, roundsOf, samplesOfSplit, splitOf, turnText, unlabelled, type Turn } from './dataset.js';

const ADMIN = 'bench-admin-token-0123456789';
const name = process.env.MEMCTX_PROBE_DATABASE ?? 'memctx_locomo_probe';
const stateFile = `/tmp/${name}.json`;
const mode = process.argv[2];
const samples = samplesOfSplit();
const posted = (turn: Turn) => (unlabelled() ? bareText(turn) : turnText(turn));
const profileDir = process.env.MEMCTX_BENCH_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'memctx-probe-prof-')) : undefined;
const latencies: number[] = [];
const userWide = process.env.MEMCTX_PROBE_SCOPE === 'user';

interface State {
  key: string;
  projects: string[];
  roundOfTurn: Record<string, string>[];
}


const service = await startOnKeptDatabase(name, {
  fresh: mode === 'post', adminToken: ADMIN, port: process.env.MEMCTX_PROBE_PORT ?? '18877',
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});
const base = service.url!;
try {
  if (mode === 'post') {
    const created = await fetch(`${base}/admin/v1/api-keys`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ user_id: 'locomo' }),
    });
    const key = ((await created.json()) as { api_key: string }).api_key;
    const call = client(base, key);
    const state: State = { key, projects: [], roundOfTurn: [] };
    for (const sample of samples) {
      const { id } = await call<{ id: string }>('POST', '/api/v1/projects', { name: sample.sample_id });
      const map: Record<string, string> = {};
      for (const round of roundsOf(sample)) {
        const { round_id } = await call<{ round_id: string }>('POST', '/api/v1/memory/ingest', {
          session_id: round.sessionId, project_id: id, user_message: posted(round.user),
          assistant_message: round.assistant ? posted(round.assistant) : '', timestamp: round.timestamp,
        });
        map[round.user.dia_id] = round_id;
        if (round.assistant) map[round.assistant.dia_id] = round_id;
      }
      state.projects.push(id);
      state.roundOfTurn.push(map);
      console.log(`posted ${sample.sample_id}`);
    }
    writeFileSync(stateFile, JSON.stringify(state));
    // Both probes read from here: ask with MEMCTX_EMBEDDINGS=off for the full-text floor, with it on for the caught-up state.
    await waitForEmbeddings(base);
  } else {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
    const call = client(base, state.key);
    const byCategory = new Map<number, { n: number; hit: number; grounded: number; tokens: number }>();
    const shown = { n: 0, shown: 0 };
    const dated = { n: 0, stated: 0 };
    const misses: string[] = [];
    for (const [s, sample] of samples.entries()) {
      const turns = new Map(roundsOf(sample).flatMap((round) => [round.user, ...(round.assistant ? [round.assistant] : [])]).map((turn) => [turn.dia_id, turn]));
      for (const qa of sample.qa) {
        const started = performance.now();
        const sip = await call<{ sip: string; grounded: boolean; abstain: boolean; citations: { record_id: string }[] }>(
          'POST', '/api/v1/sip/build', { project_id: userWide ? undefined : state.projects[s], query: qa.question },
        );
        latencies.push(performance.now() - started);
        const cited = new Set(sip.citations.map((c) => c.record_id));
        const evidence = evidenceIds(qa);
        const hit = evidence.length > 0 && evidence.every((id) => cited.has(state.roundOfTurn[s]![id] ?? '?'));
        const rounds = evidence.map((id) => state.roundOfTurn[s]![id] ?? '?');
        const { answerInEvidence, answerShown } = answerWordsOf(qa, turns, sip.sip);
        if (qa.category === 2) {
          dated.n++;
          dated.stated += dateStated(sip.sip, qa.answer) ? 1 : 0;
        }
        if (answerInEvidence) {
          shown.n++;
          shown.shown += answerShown ? 1 : 0;
        }
        dumpQuestion({
          bench: unlabelled() ? 'locomo-u' : 'locomo-l', split: splitOf(sample), sample: sample.sample_id, category: qa.category, question: qa.question,
          answer: qa.answer, answerable: qa.category !== 5, evidence: rounds, hit, recalled: hit, answerInEvidence, answerShown, response: sip,
        });
        const entry = byCategory.get(qa.category) ?? { n: 0, hit: 0, grounded: 0, tokens: 0 };
        entry.n++;
        entry.hit += hit ? 1 : 0;
        entry.grounded += sip.grounded ? 1 : 0;
        entry.tokens += sip.sip.length / 4;
        byCategory.set(qa.category, entry);
        if (!hit && qa.category !== 5 && misses.length < Number(process.env.MEMCTX_BENCH_MISSES ?? 0)) {
          misses.push(`[${s} cat ${qa.category}] ${qa.question} — missing ${evidence.filter((id) => !cited.has(state.roundOfTurn[s]![id] ?? '?')).join(' ')}`);
        }
      }
    }
    let n = 0;
    let hit = 0;
    for (const [category, e] of [...byCategory].sort((a, b) => a[0] - b[0])) {
      console.log(`cat ${category}: recall ${(100 * e.hit / e.n).toFixed(1)} %  grounded ${(100 * e.grounded / e.n).toFixed(1)} %  ~chars/4 ${(e.tokens / e.n).toFixed(0)}  n=${e.n}`);
      if (category !== 5) {
        n += e.n;
        hit += e.hit;
      }
    }
    console.log(`categories 1-4: ${(100 * hit / n).toFixed(1)} % (${hit}/${n})`);
    console.log(`answer words in the SIP (answers written in their evidence): ${shown.shown}/${shown.n}`);
    console.log(`the date asked for stated in the SIP (category 2): ${dated.stated}/${dated.n}`);
    if (misses.length) console.log(misses.join('\n'));
  }
} finally {
  await service.stop();
}
if (latencies.length) {
  const { p50, p95 } = summarize(latencies);
  console.log(`builds as the client saw them: p50 ${fmt(p50)} ms, p95 ${fmt(p95)} ms`);
}
if (profileDir) {
  console.log('service CPU profile, self time by function:');
  for (const { area, share } of profileShares(profileDir, 30, 'function')) console.log(`  ${fmt(share * 100)}%  ${area}`);
}
