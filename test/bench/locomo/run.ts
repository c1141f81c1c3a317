/**
 * LoCoMo retrieval over HTTP, as a client meets the service: the compiled
 * service is started (embedded PGlite by default, or PostgreSQL), every
 * conversation is posted round by round with the dataset's own date strings,
 * and each of its questions is asked through POST /api/v1/sip/build right
 * after ("at once", embeddings still catching up). When every conversation is
 * in, the run waits for the embedding backlog to drain and asks everything
 * again ("caught up").
 *   pnpm build && pnpm bench:locomo
 * Env: MEMCTX_BENCH_TARGETS (embedded | postgres | embedded,postgres; default embedded),
 *      MEMCTX_LOCOMO_SAMPLES (how many conversations), MEMCTX_BENCH_DATABASE_URL,
 *      MEMCTX_BENCH_PHASES (at-once,caught-up), MEMCTX_BENCH_MISSES=N (print N unrecalled questions),
 *      and any MEMCTX_* setting, passed through to the service.
 * A question counts as recalled only when every evidence turn lies in a round the SIP cites.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countTokens } from '@memctx/tokens';
import { createBenchDatabase, type BenchDatabase } from '../lib/database.js';
import { requireBuild, startService, type Service } from '../lib/processes.js';
import { fmt, summarize } from '../lib/stats.js';
import { client, type Call } from './client.js';
import { evidenceIds, loadSamples, roundsOf, turnText, type Question, type Sample } from './dataset.js';

const ADMIN = 'bench-admin-token-0123456789';
const targets = (process.env.MEMCTX_BENCH_TARGETS ?? 'embedded').split(',').map((t) => t.trim()).filter(Boolean);
const phases = (process.env.MEMCTX_BENCH_PHASES ?? 'at-once,caught-up').split(',').map((p) => p.trim());
const showMisses = Number(process.env.MEMCTX_BENCH_MISSES ?? 0);
// Per-question evidence signals as JSON lines, for calibrating grounded/abstain (MEMCTX_SIP_MIN_COVERAGE, MEMCTX_SIP_MIN_SIMILARITY).
const dumpFile = process.env.MEMCTX_BENCH_DUMP;
const samples = loadSamples().slice(0, Number(process.env.MEMCTX_LOCOMO_SAMPLES ?? 100));
const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface SipResponse {
  sip: string;
  grounded: boolean;
  abstain: boolean;
  citations: { record_id: string }[];
  sip_sections: Record<string, unknown>;
}

interface Outcome {
  category: number;
  recalled: boolean;
  /** The gold answer's words all appear in the SIP (a rough check that excerpts keep answers). */
  answerShown: boolean;
  grounded: boolean;
  abstain: boolean;
  tokens: number;
  framing: number;
  cited: number;
  ms: number;
}

interface Posted {
  sample: Sample;
  projectId: string;
  roundOfTurn: Map<string, string>;
  conversationTokens: number;
}


async function post(call: Call, sample: Sample): Promise<Posted> {
  const { id: projectId } = await call<{ id: string }>('POST', '/api/v1/projects', { name: sample.sample_id });
  const roundOfTurn = new Map<string, string>();
  let conversationTokens = 0;
  for (const round of roundsOf(sample)) {
    const user_message = turnText(round.user);
    const assistant_message = round.assistant ? turnText(round.assistant) : '';
    conversationTokens += countTokens(user_message) + countTokens(assistant_message);
    const { round_id } = await call<{ round_id: string }>('POST', '/api/v1/memory/ingest', {
      session_id: round.sessionId, project_id: projectId, user_message, assistant_message, timestamp: round.timestamp,
    });
    roundOfTurn.set(round.user.dia_id, round_id);
    if (round.assistant) roundOfTurn.set(round.assistant.dia_id, round_id);
  }
  return { sample, projectId, roundOfTurn, conversationTokens };
}

/** Tokens of the SIP beyond the cited records' own text: headers, markers, dates, labels. */
function framingTokens(sip: SipResponse): number {
  const items = Object.values(sip.sip_sections).flatMap((section) => (Array.isArray(section) ? (section as { text?: string }[]) : []));
  const bodies = items.reduce((n, item) => n + (item.text ? countTokens(item.text) : 0), 0);
  return countTokens(sip.sip) - bodies;
}

async function ask(call: Call, posted: Posted, qa: Question, misses: string[]): Promise<Outcome> {
  const t = performance.now();
  const sip = await call<SipResponse>('POST', '/api/v1/sip/build', { project_id: posted.projectId, query: qa.question });
  const ms = performance.now() - t;
  const cited = new Set(sip.citations.map((c) => c.record_id));
  const evidence = evidenceIds(qa);
  const recalled = evidence.length > 0 && evidence.every((id) => cited.has(posted.roundOfTurn.get(id) ?? '?'));
  if (dumpFile) {
    const items = Object.values(sip.sip_sections).flatMap((section) => (Array.isArray(section) ? (section as { coverage?: number; similarity?: number | null }[]) : []));
    const max = (pick: (i: (typeof items)[number]) => number | null | undefined) => Math.max(0, ...items.map((i) => pick(i) ?? 0));
    appendFileSync(dumpFile, `${JSON.stringify({ category: qa.category, recalled, coverage: max((i) => i.coverage), similarity: max((i) => i.similarity) })}\n`);
  }
  if (!recalled && qa.category !== 5 && misses.length < showMisses) {
    misses.push(`  [cat ${qa.category}] ${qa.question} — evidence ${evidence.join(', ')}, missing ${evidence.filter((id) => !cited.has(posted.roundOfTurn.get(id) ?? '?')).join(', ')}`);
  }
  return {
    category: qa.category, recalled, answerShown: answerShown(sip.sip, qa.answer), grounded: sip.grounded, abstain: sip.abstain,
    tokens: countTokens(sip.sip), framing: framingTokens(sip), cited: sip.citations.length, ms,
  };
}

function answerShown(sip: string, answer: string | number | undefined): boolean {
  const words = String(answer ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const text = sip.toLowerCase();
  return words.length > 0 && words.every((word) => text.includes(word));
}

const pct = (n: number, d: number) => `${fmt(d === 0 ? 0 : (100 * n) / d).padStart(5)} %`;

function report(label: string, outcomes: Outcome[], conversationTokens: number, misses: string[]): void {
  const answerable = outcomes.filter((o) => o.category !== 5);
  const count = (list: Outcome[], pick: (o: Outcome) => boolean) => list.filter(pick).length;
  console.log(`  ${label}: ${outcomes.length} questions`);
  console.log(`    evidence recall, categories 1-4   ${pct(count(answerable, (o) => o.recalled), answerable.length)}  (${count(answerable, (o) => o.recalled)}/${answerable.length})`);
  console.log(`    answer words all in the SIP, 1-4  ${pct(count(answerable, (o) => o.answerShown), answerable.length)}`);
  for (const category of [1, 2, 3, 4, 5]) {
    const list = outcomes.filter((o) => o.category === category);
    if (list.length === 0) continue;
    const recall = category === 5 ? '  (adversarial)' : pct(count(list, (o) => o.recalled), list.length);
    console.log(`      category ${category}  recall ${recall}   grounded ${pct(count(list, (o) => o.grounded), list.length)}   abstain ${pct(count(list, (o) => o.abstain), list.length)}   n=${list.length}`);
  }
  const meanTokens = outcomes.reduce((n, o) => n + o.tokens, 0) / outcomes.length;
  const cited = outcomes.reduce((n, o) => n + o.cited, 0);
  const framing = outcomes.reduce((n, o) => n + o.framing, 0);
  console.log(`    SIP tokens (o200k)                mean ${fmt(meanTokens, 0)} vs whole conversation mean ${fmt(conversationTokens, 0)} (${fmt(100 * (1 - meanTokens / conversationTokens))} % fewer); ${fmt(cited / outcomes.length)} records cited, framing ${fmt(framing / Math.max(1, cited))} tokens per cited record`);
  const latency = summarize(outcomes.map((o) => o.ms));
  console.log(`    SIP build latency over HTTP       p50 ${fmt(latency.p50)} ms, p95 ${fmt(latency.p95)} ms, p99 ${fmt(latency.p99)} ms`);
  if (misses.length > 0) console.log(`    first unrecalled questions:\n${misses.join('\n')}`);
}

async function embeddingBacklog(url: string): Promise<number> {
  const health = (await (await fetch(`${url}/api/v1/health`)).json()) as { checks: Record<string, { lag?: number }> };
  return health.checks.embeddings?.lag ?? 0;
}

async function runTarget(target: string): Promise<void> {
  let database: BenchDatabase | undefined;
  let dataDir: string | undefined;
  let service: Service | undefined;
  const env: Record<string, string> = { MEMCTX_ADMIN_TOKEN: ADMIN, MEMCTX_DAILY_INGEST_QUOTA: '1000000000', PORT: String(18_900 + (process.pid % 500)) };
  if (target === 'postgres') {
    database = await createBenchDatabase(serverUrl);
    env.MEMCTX_DATABASE_URL = database.url;
  } else if (target === 'embedded') {
    dataDir = mkdtempSync(join(tmpdir(), 'memctx-locomo-'));
    env.MEMCTX_DATA_DIR = dataDir;
    env.MEMCTX_DATABASE_URL = '';
  } else throw new Error(`unknown target ${target} (embedded or postgres)`);
  try {
    service = await startService(env);
    const url = service.url!;
    const created = await fetch(`${url}/admin/v1/api-keys`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ user_id: 'locomo' }),
    });
    const call = client(url, ((await created.json()) as { api_key: string }).api_key);

    const started = performance.now();
    const atOnce: Outcome[] = [];
    const atOnceMisses: string[] = [];
    const posted: Posted[] = [];
    let postSeconds = 0;
    for (const sample of samples) {
      const t = performance.now();
      const conversation = await post(call, sample);
      postSeconds += (performance.now() - t) / 1000;
      posted.push(conversation);
      if (!phases.includes('at-once')) continue;
      for (const qa of sample.qa) atOnce.push(await ask(call, conversation, qa, atOnceMisses));
    }
    const rounds = posted.reduce((n, p) => n + new Set(p.roundOfTurn.values()).size, 0);
    const backlogAtEnd = await embeddingBacklog(url);
    const meanConversation = posted.reduce((n, p) => n + p.conversationTokens, 0) / posted.length;
    console.log(`\nLoCoMo over HTTP, ${target} (${posted.length} conversations, ${rounds} rounds posted in ${fmt(postSeconds)} s = ${fmt(rounds / postSeconds, 0)} rounds/s; embedding backlog ${backlogAtEnd} after the last questions)`);
    if (phases.includes('at-once')) report('asked at once', atOnce, meanConversation, atOnceMisses);

    if (phases.includes('caught-up')) {
      const t = performance.now();
      while ((await embeddingBacklog(url)) > 0) await new Promise((r) => setTimeout(r, 500));
      console.log(`  (embeddings caught up ${fmt((performance.now() - t) / 1000)} s later, ${fmt((performance.now() - started) / 1000)} s into the run)`);
      const caughtUp: Outcome[] = [];
      const misses: string[] = [];
      for (const conversation of posted) for (const qa of conversation.sample.qa) caughtUp.push(await ask(call, conversation, qa, misses));
      report('after embeddings caught up', caughtUp, meanConversation, misses);
    }
  } finally {
    await service?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

requireBuild();
for (const target of targets) await runTarget(target);
