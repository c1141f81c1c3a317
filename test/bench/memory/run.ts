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
 *      MEMCTX_MEMORY_BEFORE (a share of each persona's rounds: asked before the rest was said, as-of.ts),
 *      MEMCTX_BENCH_MISSES=N (print N answerable questions whose evidence was not cited),
 *      MEMCTX_BENCH_DUMP=<file> (one JSON line per question, with the whole SIP response),
 *      and any MEMCTX_* setting, passed through to the service.
 * Calibrate on the dev split only: the heldout split (a whole persona and ~14 % of the others' questions) checks it.
 */
import { countTokens } from '@memctx/tokens';
import { answerWordsIn, buildSip, embeddingBacklog, envList, startTarget, userClient, waitForEmbeddings } from '../lib/memory-bench.js';
import { requireBuild } from '../lib/processes.js';
import { fmt } from '../lib/stats.js';
import { askConversation, post, record, type Posted, type PostedDocuments } from './ask.js';
import { asOf, shareFromEnv } from './as-of.js';
import { buildDataset, type PersonaData } from './dataset.js';
import { DOCS_DIR, documentQuestions, ingestDocuments, type DocumentQuestion } from './documents.js';
import { printMisses, reportConversations, reportDocuments, type Outcome } from './report.js';

const targets = envList('MEMCTX_BENCH_TARGETS', 'embedded');
const phases = envList('MEMCTX_BENCH_PHASES', 'at-once');
const showMisses = Number(process.env.MEMCTX_BENCH_MISSES ?? 0);
const split = process.env.MEMCTX_MEMORY_SPLIT ?? 'all';
if (!['dev', 'heldout', 'all'].includes(split)) throw new Error(`MEMCTX_MEMORY_SPLIT is dev, heldout or all, not ${split}`);
const wanted = (q: { split: string }) => split === 'all' || q.split === split;

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
const dataset = buildDataset().map((data) => asOf(data, shareFromEnv()));
const docQuestions = documentQuestions();
for (const target of targets) await runTarget(target, dataset, docQuestions);
