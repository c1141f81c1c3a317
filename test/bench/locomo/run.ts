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
 *      MEMCTX_LOCOMO_SPLIT (dev: conv-26, -30, -41, -42; heldout: conv-43, -44, -47; default all),
 *      MEMCTX_LOCOMO_UNLABELLED=1 (post turns without their "Name: " label, as platforms send them),
 *      MEMCTX_BENCH_DUMP=<file> (one JSON line per question, with the whole SIP response),
 *      and any MEMCTX_* setting, passed through to the service.
 * A question counts as recalled only when every evidence turn lies in a round the SIP cites.
 * "Answer words in the SIP" counts, besides every word of the answer (the first line), the answer's content
 * words over the questions whose answer is written in its evidence turns (LoCoMo's answers are often computed
 * or paraphrased; those are left out of that line).
 */
import { countTokens } from '@memctx/tokens';
import {
  buildSip, dumpQuestion, embeddingBacklog, envList, pct, share, startTarget, supersededMarks, userClient,
  waitForEmbeddings,
  type SipResponse,
} from '../lib/memory-bench.js';
import { requireBuild } from '../lib/processes.js';
import { dateStated } from '../lib/dates-stated.js';
import { fmt, summarize } from '../lib/stats.js';
import type { Call } from './client.js';
import { answerWordsOf, bareText, evidenceIds, roundsOf, samplesOfSplit, splitOf, turnText, unlabelled, type Question, type Sample, type Turn } from './dataset.js';

const targets = envList('MEMCTX_BENCH_TARGETS', 'embedded');
const phases = envList('MEMCTX_BENCH_PHASES', 'at-once,caught-up');
const showMisses = Number(process.env.MEMCTX_BENCH_MISSES ?? 0);
const labelsOff = unlabelled();
const samples = samplesOfSplit();
const posted = (turn: Turn) => (labelsOff ? bareText(turn) : turnText(turn));

interface Outcome {
  category: number;
  recalled: boolean;
  /** The gold answer's words all appear in the SIP (a rough check that excerpts keep answers). */
  answerShown: boolean;
  /** The answer's content words all stand in its evidence turns' text (what they say, without labels). */
  answerInEvidence: boolean;
  /** The answer's content words (stop words dropped) all stand in the SIP as words. */
  answerWords: boolean;
  /** The date asked for is written in the SIP (`dateStated`). */
  dateStated: boolean;
  grounded: boolean;
  abstain: boolean;
  tokens: number;
  framing: number;
  cited: number;
  /** Lines marked `(superseded by [n])`. */
  marked: number;
  ms: number;
}

interface Posted {
  sample: Sample;
  projectId: string;
  roundOfTurn: Map<string, string>;
  turns: Map<string, Turn>;
  conversationTokens: number;
}

async function post(call: Call, sample: Sample): Promise<Posted> {
  const { id: projectId } = await call<{ id: string }>('POST', '/api/v1/projects', { name: sample.sample_id });
  const roundOfTurn = new Map<string, string>();
  const turns = new Map<string, Turn>();
  let conversationTokens = 0;
  for (const round of roundsOf(sample)) {
    const user_message = posted(round.user);
    const assistant_message = round.assistant ? posted(round.assistant) : '';
    conversationTokens += countTokens(user_message) + countTokens(assistant_message);
    const { round_id } = await call<{ round_id: string }>('POST', '/api/v1/memory/ingest', {
      session_id: round.sessionId, project_id: projectId, user_message, assistant_message, timestamp: round.timestamp,
    });
    for (const turn of round.assistant ? [round.user, round.assistant] : [round.user]) {
      roundOfTurn.set(turn.dia_id, round_id);
      turns.set(turn.dia_id, turn);
    }
  }
  return { sample, projectId, roundOfTurn, turns, conversationTokens };
}

/** Tokens of the SIP beyond the cited records' own text: headers, markers, dates, labels. */
function framingTokens(sip: SipResponse): number {
  const items = Object.values(sip.sip_sections).flatMap((section) => (Array.isArray(section) ? (section as { text?: string }[]) : []));
  const bodies = items.reduce((n, item) => n + (item.text ? countTokens(item.text) : 0), 0);
  return countTokens(sip.sip) - bodies;
}

async function ask(call: Call, posted: Posted, qa: Question, misses: string[]): Promise<Outcome> {
  const { sip, ms, tokens } = await buildSip(call, { project_id: posted.projectId, query: qa.question });
  const cited = new Set(sip.citations.map((c) => c.record_id));
  const evidence = evidenceIds(qa);
  const missing = evidence.filter((id) => !cited.has(posted.roundOfTurn.get(id) ?? '?'));
  const recalled = evidence.length > 0 && missing.length === 0;
  const { answerInEvidence, answerShown: answerWords } = answerWordsOf(qa, posted.turns, sip.sip);
  dumpQuestion({
    bench: labelsOff ? 'locomo-u' : 'locomo-l', split: splitOf(posted.sample), sample: posted.sample.sample_id, category: qa.category, question: qa.question,
    answerable: qa.category !== 5, recalled, evidence, missing, answerShown: answerWords, answerInEvidence, grounded: sip.grounded, abstain: sip.abstain, tokens,
    response: sip,
  });
  if (!recalled && qa.category !== 5 && misses.length < showMisses) {
    misses.push(`  [cat ${qa.category}] ${qa.question} — evidence ${evidence.join(', ')}, missing ${missing.join(', ')}`);
  }
  return {
    category: qa.category, recalled, answerShown: answerShown(sip.sip, qa.answer), answerInEvidence, answerWords, dateStated: dateStated(sip.sip, qa.answer),
    grounded: sip.grounded, abstain: sip.abstain,
    tokens, framing: framingTokens(sip), cited: sip.citations.length, marked: supersededMarks(sip.sip).length, ms,
  };
}

function answerShown(sip: string, answer: string | number | undefined): boolean {
  const words = String(answer ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const text = sip.toLowerCase();
  return words.length > 0 && words.every((word) => text.includes(word));
}

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
  const inEvidence = answerable.filter((o) => o.answerInEvidence);
  console.log(`    answer's content words in the SIP, answers written in their evidence turns  ${share(inEvidence, (o) => o.answerWords)}`);
  for (const category of [1, 2, 3, 4]) {
    const list = inEvidence.filter((o) => o.category === category);
    if (list.length) console.log(`      category ${category}  ${share(list, (o) => o.answerWords)}  of ${answerable.filter((o) => o.category === category).length}`);
  }
  // The rounds say "yesterday" or "last week"; the answers are dates worked out from the session's.
  console.log(`    the date asked for stated in the SIP, category 2  ${share(outcomes.filter((o) => o.category === 2), (o) => o.dateStated)}`);
  // LoCoMo labels no statement as replacing another, so every mark is at best unconfirmed.
  console.log(`    lines marked superseded           ${outcomes.reduce((n, o) => n + o.marked, 0)} in ${count(outcomes, (o) => o.marked > 0)} of ${outcomes.length} SIPs`);
  const meanTokens = outcomes.reduce((n, o) => n + o.tokens, 0) / outcomes.length;
  const cited = outcomes.reduce((n, o) => n + o.cited, 0);
  const framing = outcomes.reduce((n, o) => n + o.framing, 0);
  console.log(`    SIP tokens (o200k)                mean ${fmt(meanTokens, 0)} vs whole conversation mean ${fmt(conversationTokens, 0)} (${fmt(100 * (1 - meanTokens / conversationTokens))} % fewer); ${fmt(cited / outcomes.length)} records cited, framing ${fmt(framing / Math.max(1, cited))} tokens per cited record`);
  const latency = summarize(outcomes.map((o) => o.ms));
  console.log(`    SIP build latency over HTTP       p50 ${fmt(latency.p50)} ms, p95 ${fmt(latency.p95)} ms, p99 ${fmt(latency.p99)} ms`);
  if (misses.length > 0) console.log(`    first unrecalled questions:\n${misses.join('\n')}`);
}

async function runTarget(target: string): Promise<void> {
  const service = await startTarget(target);
  try {
    const url = service.url;
    const call = await userClient(url, 'locomo');

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
    console.log(`  split ${process.env.MEMCTX_LOCOMO_SPLIT ?? 'all'} (${samples.map((sample) => sample.sample_id).join(', ')}), turns posted ${labelsOff ? 'without' : 'with'} their "Name: " labels`);
    if (phases.includes('at-once')) report('asked at once', atOnce, meanConversation, atOnceMisses);

    if (phases.includes('caught-up')) {
      const waited = await waitForEmbeddings(url);
      console.log(`  (embeddings caught up ${fmt(waited)} s later, ${fmt((performance.now() - started) / 1000)} s into the run)`);
      const caughtUp: Outcome[] = [];
      const misses: string[] = [];
      for (const conversation of posted) for (const qa of conversation.sample.qa) caughtUp.push(await ask(call, conversation, qa, misses));
      report('after embeddings caught up', caughtUp, meanConversation, misses);
    }
  } finally {
    await service.stop();
  }
}

requireBuild();
for (const target of targets) await runTarget(target);
