/**
 * Study: does a question searched in the form of the statement that would answer it ("Where do I work?" →
 * "I work") rank its evidence better by vector than the question itself? In process, the default model, the
 * memory benchmark's rounds per persona (user side and reply, the closer counts, as retrieval reads them).
 *   node --conditions=@memctx/source --import tsx test/bench/sip-quality/statement-form.ts
 * Prints, per form and split: evidence rounds within the 10 and 20 nearest, and the mean closest similarity of
 * questions nothing answers against answerable ones.
 */
import { resolve } from 'node:path';
import { createTransformersEmbedder } from '@memctx/embeddings';
import { buildDataset, UNANSWERABLE } from '../memory/dataset.js';
import { dot } from './dump.js';

const norm = (v: Float32Array) => {
  const n = Math.sqrt(dot(v, v));
  return v.map((x) => x / n);
};

/** The statement a question asks for, by a few English question shapes; the question itself when none fits. */
function statementOf(question: string): string {
  const q = question.trim().replace(/[?.!]+$/, '').replace(/^what's\b/i, 'what is').replace(/^who's\b/i, 'who is');
  // Where do I work / Which city do I live in / What kind of books do I read / When did I start yoga
  let m = /^(?:what|which|where|when|who|whom|how(?: \w+)?)\b(.*?)\b(?:do|does|did)\s+(i|we|you)\s+(.+)$/i.exec(q);
  if (m) return `${m[2]} ${m[3]} ${m[1]!.trim()}`.replace(/\s+/g, ' ').trim();
  // What is my blood type / Who is my manager / What was our dog called
  m = /^(?:what|which|who|where|when)\b(.*?)\b(?:is|are|was|were)\s+((?:my|our|your)\b.+)$/i.exec(q);
  if (m) return `${m[2]} is ${m[1]!.trim()}`.replace(/\s+/g, ' ').trim();
  // Did I / Have I / Am I / Do I …
  m = /^(?:do|does|did|have|has|am|is|are|was|were|can|should)\s+(i|we)\s+(.+)$/i.exec(q);
  if (m) return `${m[1]} ${m[2]}`;
  return q;
}

const embedder = await createTransformersEmbedder({ modelsDir: resolve(import.meta.dirname, '../../../models'), threads: 2 });
type Form = 'question' | 'statement' | 'mean' | 'max';
const FORMS: Form[] = ['question', 'statement', 'mean', 'max'];
const tally = new Map<string, { n: number; at10: number; at20: number }>();
const closest = new Map<string, number[]>();
const add = (key: string, rank: number) => {
  const t = tally.get(key) ?? { n: 0, at10: 0, at20: 0 };
  t.n++;
  t.at10 += rank < 10 ? 1 : 0;
  t.at20 += rank < 20 ? 1 : 0;
  tally.set(key, t);
};
for (const persona of buildDataset()) {
  const users = await embedder.embedDocuments(persona.rounds.map((r) => r.user));
  const replies = await embedder.embedDocuments(persona.rounds.map((r) => r.assistant || r.user));
  for (const q of persona.questions) {
    const asked = await embedder.embedQuery(q.question);
    const stated = await embedder.embedQuery(statementOf(q.question));
    const mean = norm(asked.map((x, i) => x + stated[i]!));
    const scoreOf = (form: Form, i: number) => {
      const by = (v: Float32Array) => Math.max(dot(v, users[i]!), dot(v, replies[i]!));
      return form === 'question' ? by(asked) : form === 'statement' ? by(stated) : form === 'mean' ? by(mean) : Math.max(by(asked), by(stated));
    };
    for (const form of FORMS) {
      const scores = persona.rounds.map((_, i) => scoreOf(form, i));
      const order = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]).map(([, i]) => i);
      const key = `${form} ${q.split}`;
      if (UNANSWERABLE.has(q.category)) {
        closest.set(`${key} unanswerable`, [...(closest.get(`${key} unanswerable`) ?? []), scores[order[0]!]!]);
        continue;
      }
      closest.set(`${key} answerable`, [...(closest.get(`${key} answerable`) ?? []), scores[order[0]!]!]);
      for (const id of q.evidence) add(key, order.indexOf(persona.rounds.findIndex((r) => r.id === id)));
    }
  }
}
await embedder.close();
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
console.log('form       split     evidence rounds in the 10 / 20 nearest   closest similarity: answerable / unanswerable');
for (const form of FORMS) {
  for (const split of ['dev', 'heldout']) {
    const t = tally.get(`${form} ${split}`)!;
    const a = mean(closest.get(`${form} ${split} answerable`) ?? []);
    const u = mean(closest.get(`${form} ${split} unanswerable`) ?? []);
    console.log(`${form.padEnd(10)} ${split.padEnd(8)}  ${t.at10}/${t.n}  ${t.at20}/${t.n}   ${a.toFixed(3)} / ${u.toFixed(3)}`);
  }
}
