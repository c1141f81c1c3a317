/**
 * A memory benchmark in the spirit of LongMemEval, for the way assistants really talk: one user and
 * an assistant per conversation, no speaker labels, ISO-8601 timestamps. Five personas (a project
 * and a user each) post a few hundred ordinary rounds over six months with hand-written needle
 * sessions among them (dataset.ts); each persona's questions are asked through POST /api/v1/sip/build
 * right after its rounds are in ("at once"). Then four Markdown documents go in through the
 * filesystem connector and questions about them are asked (documents.ts). With the caught-up phase,
 * the run waits for the embedding backlog and asks everything again.
 *   pnpm build && pnpm bench:memory
 * Env: MEMCTX_BENCH_TARGETS (embedded | postgres | embedded,postgres; default embedded), MEMCTX_BENCH_DATABASE_URL,
 *      MEMCTX_BENCH_PHASES (at-once,caught-up; default at-once), MEMCTX_MEMORY_SPLIT (dev | heldout | all; default all),
 *      MEMCTX_BENCH_MISSES=N (print N answerable questions whose evidence was not cited),
 *      MEMCTX_BENCH_DUMP=<file> (one JSON line per question, with the whole SIP response),
 *      and any MEMCTX_* setting, passed through to the service.
 * Calibrate on the dev split only: the heldout split (a whole persona and ~14 % of the others' questions) checks it.
 */
import { countTokens } from '@memctx/tokens';
import type { Call } from '../locomo/client.js';
import {
  answerWordsIn, buildSip, dumpQuestion, embeddingBacklog, envList, startTarget, userClient, waitForEmbeddings, type SipResponse,
} from '../lib/memory-bench.js';
import { requireBuild } from '../lib/processes.js';
import { fmt } from '../lib/stats.js';
import { buildDataset, valueIndex, type PersonaData, type Question } from './dataset.js';
import { DOCS_DIR, documentQuestions, ingestDocuments, type DocumentQuestion } from './documents.js';
import { printMisses, reportConversations, reportDocuments, type Outcome } from './report.js';

const targets = envList('MEMCTX_BENCH_TARGETS', 'embedded');
const phases = envList('MEMCTX_BENCH_PHASES', 'at-once');
const showMisses = Number(process.env.MEMCTX_BENCH_MISSES ?? 0);
const split = process.env.MEMCTX_MEMORY_SPLIT ?? 'all';
if (!['dev', 'heldout', 'all'].includes(split)) throw new Error(`MEMCTX_MEMORY_SPLIT is dev, heldout or all, not ${split}`);
const wanted = (q: { split: string }) => split === 'all' || q.split === split;

interface Posted {
  data: PersonaData;
  call: Call;
  projectId: string;
  roundIds: Map<string, string>;
}

interface PostedDocuments {
  call: Call;
  projectId: string;
  /** File name → source id. */
  sourceOf: Map<string, string>;
}

async function post(call: Call, data: PersonaData): Promise<Posted> {
  const { id: projectId } = await call<{ id: string }>('POST', '/api/v1/projects', { name: data.persona });
  const roundIds = new Map<string, string>();
  for (const round of data.rounds) {
    const { round_id } = await call<{ round_id: string }>('POST', '/api/v1/memory/ingest', {
      session_id: round.sessionId, project_id: projectId, user_message: round.user, assistant_message: round.assistant, timestamp: round.timestamp,
    });
    roundIds.set(round.id, round_id);
  }
  return { data, call, projectId, roundIds };
}

/** The current value stands in the SIP and no stale value stands before it. */
function currentFirst(sip: string, q: Question): boolean | undefined {
  if (q.category !== 'knowledge-update' || !q.current) return undefined;
  const current = valueIndex(sip, q.current);
  return current >= 0 && (q.stale ?? []).every((value) => {
    const stale = valueIndex(sip, value);
    return stale < 0 || stale > current;
  });
}

type Asked = Omit<Outcome, 'answerShown' | 'grounded' | 'abstain' | 'tokens' | 'ms'> & { answer: string };

/** The outcome of one SIP build, written to MEMCTX_BENCH_DUMP as well. */
function record({ answer, ...asked }: Asked, { sip, ms, tokens }: { sip: SipResponse; ms: number; tokens: number }): Outcome {
  const outcome: Outcome = { ...asked, answerShown: asked.answerable && answerWordsIn(sip.sip, answer), grounded: sip.grounded, abstain: sip.abstain, tokens, ms };
  dumpQuestion({
    bench: 'memory', split: outcome.split, persona: outcome.persona, category: outcome.category, id: outcome.id, answerable: outcome.answerable,
    recalled: outcome.recalled, answerShown: outcome.answerShown, answerInEvidence: outcome.answerInEvidence, grounded: outcome.grounded,
    abstain: outcome.abstain, tokens, ...(outcome.currentFirst === undefined ? {} : { currentFirst: outcome.currentFirst }), response: sip,
  });
  return outcome;
}

async function askConversation(posted: Posted, q: Question): Promise<Outcome> {
  const built = await buildSip(posted.call, { project_id: posted.projectId, query: q.question });
  const { sip } = built;
  const cited = new Set(sip.citations.map((c) => c.record_id));
  const missing = q.evidence.filter((id) => !cited.has(posted.roundIds.get(id) ?? '?'));
  const answerable = q.category !== 'unanswerable';
  return record({
    split: q.split, persona: q.persona, category: q.category, id: q.id, question: q.question, answer: q.answer, answerable,
    recalled: answerable && missing.length === 0, answerInEvidence: q.answerInEvidence, currentFirst: currentFirst(sip.sip, q), missing,
  }, built);
}

async function askDocument(posted: PostedDocuments, q: DocumentQuestion): Promise<Outcome> {
  const built = await buildSip(posted.call, { project_id: posted.projectId, query: q.question });
  const items = Object.values(built.sip.sip_sections).flatMap((section) => (Array.isArray(section) ? (section as { text?: string; source_id?: string }[]) : []));
  const source = q.document ? posted.sourceOf.get(q.document) : undefined;
  const cited = items.some((item) => source !== undefined && item.source_id === source && answerWordsIn(item.text ?? '', q.answer));
  return record({
    split: q.split, persona: 'documents', category: q.document ? 'document' : 'document-unanswerable', id: q.id, question: q.question, answer: q.answer,
    answerable: q.document !== null, recalled: cited, answerInEvidence: q.document !== null, missing: q.document ? [`"${q.sentence}"`] : [],
  }, built);
}

async function runTarget(target: string, dataset: PersonaData[], docQuestions: DocumentQuestion[]): Promise<void> {
  const service = await startTarget(target, { MEMCTX_FS_CONNECTOR_ROOT: DOCS_DIR, MEMCTX_CONNECTOR_INGEST_WAIT_MS: '300000' });
  try {
    const started = performance.now();
    const atOnce: Outcome[] = [];
    const posted: Posted[] = [];
    let postSeconds = 0;
    for (const data of dataset) {
      const t = performance.now();
      const persona = await post(await userClient(service.url, `memory-${data.persona}`), data);
      postSeconds += (performance.now() - t) / 1000;
      posted.push(persona);
      if (!phases.includes('at-once')) continue;
      for (const q of data.questions.filter(wanted)) atOnce.push(await askConversation(persona, q));
    }
    const t = performance.now();
    const docsCall = await userClient(service.url, 'memory-documents');
    const docs = await ingestDocuments(docsCall);
    const docSeconds = (performance.now() - t) / 1000;
    const documents = { call: docsCall, projectId: docs.projectId, sourceOf: docs.sourceOf };
    const atOnceDocs: Outcome[] = [];
    if (phases.includes('at-once')) for (const q of docQuestions.filter(wanted)) atOnceDocs.push(await askDocument(documents, q));

    const rounds = posted.reduce((n, p) => n + p.roundIds.size, 0);
    const roundTokens = dataset.flatMap((d) => d.rounds).reduce((n, r) => n + countTokens(r.user) + countTokens(r.assistant), 0);
    console.log(`\nMemory benchmark over HTTP, ${target}: ${posted.length} personas, ${rounds} rounds (${fmt(roundTokens / posted.length, 0)} tokens per persona) posted in ${fmt(postSeconds)} s = ${fmt(rounds / postSeconds, 0)} rounds/s;`);
    console.log(`  ${docs.sourceOf.size} documents (${docs.chunks} chunks) through the filesystem connector in ${fmt(docSeconds)} s; embedding backlog ${await embeddingBacklog(service.url)} after the last questions; split ${split}`);
    if (phases.includes('at-once')) {
      reportConversations('asked at once (right after each persona\'s rounds)', atOnce);
      reportDocuments('documents, asked right after they were ingested', atOnceDocs);
      printMisses(atOnce, showMisses);
    }
    if (phases.includes('caught-up')) {
      const waited = await waitForEmbeddings(service.url);
      console.log(`  (embeddings caught up ${fmt(waited)} s later, ${fmt((performance.now() - started) / 1000)} s into the run)`);
      const again: Outcome[] = [];
      for (const persona of posted) for (const q of persona.data.questions.filter(wanted)) again.push(await askConversation(persona, q));
      const againDocs: Outcome[] = [];
      for (const q of docQuestions.filter(wanted)) againDocs.push(await askDocument(documents, q));
      reportConversations('after embeddings caught up', again);
      reportDocuments('documents, after embeddings caught up', againDocs);
      printMisses(again, showMisses);
    }
  } finally {
    await service.stop();
  }
}

requireBuild();
const dataset = buildDataset();
const docQuestions = documentQuestions();
for (const target of targets) await runTarget(target, dataset, docQuestions);
