/**
 * Would sentence-level similarity tell what memory answers from what it does not? For each question of a
 * benchmark dump (MEMCTX_BENCH_DUMP of bench:memory or bench:locomo), the sentences of its SIP lines that share a
 * content word with the question are embedded with the service's model, and the closest one's cosine similarity to
 * the question is the signal; the output is abstain rates on answerable and unanswerable questions by threshold.
 *   pnpm build && node --conditions=@memctx/source --import tsx test/bench/sip-quality/sentence-similarity.ts DUMP
 * docs/decisions.md ("SIP quality (issue 23)") has what it showed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTransformersEmbedder } from '@memctx/embeddings';
import { contentWords } from '../lib/memory-bench.js';
import { buildDataset } from '../memory/dataset.js';

// The sentences per question that are embedded: the ones sharing most content words with it.
const SENTENCES = 8;

interface Dumped {
  id?: string;
  question?: string;
  answerable?: boolean;
  category?: number | string;
  response: { sip_sections: Record<string, { text?: string }[] | object> };
}

const file = process.argv[2];
if (!file) throw new Error('usage: sentence-similarity.ts <bench dump>');
const memoryQuestions = new Map(buildDataset().flatMap((persona) => persona.questions.map((q) => [q.id, q.question] as const)));
const rows = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Dumped);
const embedder = await createTransformersEmbedder({ modelsDir: resolve(import.meta.dirname, '../../../models') });
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

const scored: { answerable: boolean; similarity: number }[] = [];
for (const row of rows) {
  const question = row.question ?? memoryQuestions.get(row.id ?? '') ?? '';
  const words = contentWords(question);
  const lines = Object.values(row.response.sip_sections).filter(Array.isArray).flat() as { text?: string }[];
  const sentences = lines
    .flatMap((line) => String(line.text ?? '').split(/(?<=[.!?…])\s+|\s→\s/u))
    .map((sentence) => ({ sentence, shared: contentWords(sentence).filter((w) => words.some((q) => w.startsWith(q.slice(0, Math.max(3, q.length - 2))))).length }))
    .filter((s) => s.shared > 0)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, SENTENCES)
    .map((s) => s.sentence);
  let similarity = 0;
  if (sentences.length > 0) {
    const query = await embedder.embedQuery(question);
    for (const vector of await embedder.embedDocuments(sentences)) similarity = Math.max(similarity, dot(query, vector));
  }
  scored.push({ answerable: row.answerable ?? row.category !== 5, similarity });
}
await embedder.close();

const answerable = scored.filter((s) => s.answerable);
const unanswerable = scored.filter((s) => !s.answerable);
const below = (set: typeof scored, t: number) => `${((100 * set.filter((s) => s.similarity < t).length) / Math.max(1, set.length)).toFixed(1)} %`;
console.log(`questions: ${answerable.length} answerable, ${unanswerable.length} unanswerable`);
console.log('threshold  abstain on unanswerable  abstain on answerable');
for (const t of [0.5, 0.55, 0.6, 0.62, 0.65, 0.7]) console.log(`${t.toFixed(2).padStart(9)}  ${below(unanswerable, t).padStart(22)}  ${below(answerable, t).padStart(21)}`);
