/**
 * Would sentence-level similarity tell what memory answers from what it does not? For each question of a
 * benchmark dump (MEMCTX_BENCH_DUMP of bench:memory or bench:locomo), the sentences of its SIP lines that share a
 * content word with the question are embedded with the service's model, and the closest one's cosine similarity to
 * the question is the signal; the output is abstain rates on answerable and unanswerable questions by threshold.
 *   pnpm build && node --conditions=@memctx/source --import tsx test/bench/sip-quality/sentence-similarity.ts DUMP
 * docs/decisions.md ("SIP quality (issue 23)") has what it showed.
 */
import { resolve } from 'node:path';
import { createTransformersEmbedder } from '@memctx/embeddings';
import { dot, printAbstainCurve, readDump, sharedWords } from './dump.js';

// The sentences per question that are embedded: the ones sharing most content words with it.
const SENTENCES = 8;

const questions = readDump(process.argv[2], 'sentence-similarity.ts');
const embedder = await createTransformersEmbedder({ modelsDir: resolve(import.meta.dirname, '../../../models') });
const scored: { answerable: boolean; score: number }[] = [];
for (const { question, answerable, sentences } of questions) {
  const sharing = sentences
    .map((sentence) => ({ sentence, shared: sharedWords(question, sentence).length }))
    .filter((s) => s.shared > 0)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, SENTENCES)
    .map((s) => s.sentence);
  let similarity = 0;
  if (sharing.length > 0) {
    const query = await embedder.embedQuery(question);
    for (const vector of await embedder.embedDocuments(sharing)) similarity = Math.max(similarity, dot(query, vector));
  }
  scored.push({ answerable, score: similarity });
}
await embedder.close();
printAbstainCurve(scored, [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65]);
