/**
 * LoCoMo retrieval: evidence recall of SIP builds, SIP tokens against the whole
 * conversation, and abstain rates, over the development split.
 *   pnpm bench:locomo          (MEMCTX_EMBEDDINGS=off for full text and recency only)
 * Mapping (the dataset README): one project per sample, one session per LoCoMo
 * session, one round per pair of turns; each question is a SIP build scoped to its
 * project, recalled when every evidence turn lies in a cited round.
 */
import { createMemoryService } from '@memctx/commands';
import { createPostgresDb, ensureVectorExtension } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { catchUp, ensureActiveGeneration, migrateGenerations } from '@memctx/projections';
import { allProjections, fillEmbeddings } from '@memctx/read-models';
import { buildSip, DEFAULT_SIP_SETTINGS } from '@memctx/sip';
import { countTokens } from '@memctx/tokens';
import { createBenchDatabase } from '../lib/database.js';
import { openBenchEmbedder } from '../lib/embedder.js';
import { fmt } from '../lib/stats.js';
import { evidenceIds, loadSamples, roundsOf, turnText } from './dataset.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const budget = Number(process.env.MEMCTX_SIP_TOKEN_BUDGET ?? DEFAULT_SIP_SETTINGS.budgetTokens);
const minSimilarity = Number(process.env.MEMCTX_SIP_MIN_SIMILARITY ?? DEFAULT_SIP_SETTINGS.policy.minSimilarity);
const fullExchange = ['on', 'true', '1'].includes((process.env.MEMCTX_EMBED_FULL_EXCHANGE ?? 'off').toLowerCase());
const samples = loadSamples().slice(0, Number(process.env.MEMCTX_LOCOMO_SAMPLES ?? 100));

const database = await createBenchDatabase(serverUrl);
const db = createPostgresDb({ connectionString: database.url, maxConnections: 4 });
await ensureVectorExtension(db);
const embedder = await openBenchEmbedder(db);
try {
  await migrateEventStore(db);
  await migrateGenerations(db);
  for (const projection of allProjections) await ensureActiveGeneration(db, projection);
  const store = createPostgresEventStore(db);
  const service = createMemoryService({ store, sessionRetentionMs: 3_600_000 });
  const userId = 'locomo';

  // Write every conversation through the service, remembering which round holds each turn.
  const started = performance.now();
  const roundOfTurn = new Map<string, string>();
  const projectOf = new Map<string, string>();
  const conversationTokens = new Map<string, number>();
  for (const sample of samples) {
    const { projectId } = await service.createProject(userId, sample.sample_id);
    projectOf.set(sample.sample_id, projectId);
    let tokens = 0;
    for (const round of roundsOf(sample)) {
      const user_message = turnText(round.user);
      const assistant_message = round.assistant ? turnText(round.assistant) : '';
      tokens += countTokens(user_message) + countTokens(assistant_message);
      const { roundId } = await service.ingestRound(userId, { session_id: round.sessionId, project_id: projectId, user_message, assistant_message, timestamp: round.timestamp });
      roundOfTurn.set(`${sample.sample_id}/${round.user.dia_id}`, roundId);
      if (round.assistant) roundOfTurn.set(`${sample.sample_id}/${round.assistant.dia_id}`, roundId);
    }
    conversationTokens.set(sample.sample_id, tokens);
  }
  await catchUp(db, store, allProjections, 5_000);
  const ingestSeconds = (performance.now() - started) / 1000;
  let embedSeconds = 0;
  if (embedder) {
    const t = performance.now();
    while ((await fillEmbeddings(db, embedder, 128, fullExchange ? 'content' : 'embed_text')) > 0);
    embedSeconds = (performance.now() - t) / 1000;
  }

  const byCategory = new Map<number, { questions: number; recalled: number; abstained: number }>();
  let sipTokens = 0;
  let reductionSum = 0;
  let questions = 0;
  const latencies: number[] = [];
  for (const sample of samples) {
    for (const qa of sample.qa) {
      const evidence = evidenceIds(qa);
      const t = performance.now();
      const sip = await buildSip(
        { db, embedder, settings: { ...DEFAULT_SIP_SETTINGS, budgetTokens: budget, policy: { minSimilarity } } },
        { userId, projectId: projectOf.get(sample.sample_id)!, includeGlobal: false, query: qa.question, sessionId: null },
      );
      latencies.push(performance.now() - t);
      const cited = new Set(sip.record_ids);
      const recalled = evidence.length > 0 && evidence.every((id) => cited.has(roundOfTurn.get(`${sample.sample_id}/${id}`) ?? '?'));
      const stats = byCategory.get(qa.category) ?? { questions: 0, recalled: 0, abstained: 0 };
      stats.questions++;
      if (recalled) stats.recalled++;
      if (sip.abstain) stats.abstained++;
      byCategory.set(qa.category, stats);
      sipTokens += sip.tokens_sip;
      reductionSum += 1 - sip.tokens_sip / conversationTokens.get(sample.sample_id)!;
      questions++;
    }
  }

  const total = (pick: (s: { questions: number; recalled: number; abstained: number }) => number, filter = (_c: number) => true) =>
    [...byCategory.entries()].filter(([c]) => filter(c)).reduce((n, [, s]) => n + pick(s), 0);
  const meanConversation = [...conversationTokens.values()].reduce((a, b) => a + b, 0) / conversationTokens.size;
  console.log(`\nLoCoMo (${samples.length} conversations, ${questions} questions, ${roundOfTurn.size} turns), budget ${budget} tokens, ${embedder ? `embeddings ${embedder.model} of ${fullExchange ? 'the whole exchange' : 'the user side'}` : 'NO embeddings (full text + recency)'}, min similarity ${minSimilarity}`);
  console.log(`  ingest ${fmt(ingestSeconds)} s, embedding ${fmt(embedSeconds)} s`);
  console.log(`  evidence recall    ${fmt((100 * total((s) => s.recalled)) / questions)} % overall`);
  for (const [category, s] of [...byCategory.entries()].sort((a, b) => a[0] - b[0])) {
    console.log(`    category ${category}       ${fmt((100 * s.recalled) / s.questions).padStart(5)} %  (${s.recalled}/${s.questions}), abstained ${fmt((100 * s.abstained) / s.questions)} %`);
  }
  console.log(`  SIP tokens         mean ${fmt(sipTokens / questions)} vs whole conversation mean ${fmt(meanConversation, 0)}: ${fmt(100 * (reductionSum / questions))} % fewer`);
  console.log(`  abstain rate       category 5 ${fmt((100 * total((s) => s.abstained, (c) => c === 5)) / total((s) => s.questions, (c) => c === 5))} % vs others ${fmt((100 * total((s) => s.abstained, (c) => c !== 5)) / total((s) => s.questions, (c) => c !== 5))} %`);
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`  build latency      p50 ${fmt(sorted[Math.floor(sorted.length / 2)]!)} ms, p95 ${fmt(sorted[Math.floor(sorted.length * 0.95)]!)} ms (in process, ~${fmt(roundOfTurn.size / 2 / samples.length, 0)} records per project)`);
} finally {
  await embedder?.close();
  await db.close();
  await database.drop();
}
