/**
 * Would a query word's sense in context tell a question nobody answered ("What is my cat called?") from the rounds
 * that merely share its word ("`cat file | grep foo`", "a CAT scan")? For each memory-benchmark question, the
 * contextual vector of each of its content words (the model's last hidden state, its word pieces averaged) is
 * compared with the same word's vector in every sentence of the persona's rounds that holds it; the best cosine is the
 * signal. Prints one JSON line per question. docs/benchmarks.md ("SIP quality probes") has what it showed.
 *   node --conditions=@memctx/source --import tsx test/bench/sip-quality/sense-probe.ts > sense.jsonl
 * Env: M = the model (default Xenova/all-MiniLM-L6-v2; BAAI/bge-small-en-v1.5 after fetch-model.sh).
 */
import { resolve } from 'node:path';
import { env, pipeline } from '@huggingface/transformers';
import { contentWords } from '../lib/memory-bench.js';
import { buildDataset } from '../memory/dataset.js';

env.localModelPath = resolve(import.meta.dirname, '../../../models') + '/';
env.allowRemoteModels = false;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the pipeline's tokenizer is not typed for tokenize()
const ex: any = await pipeline('feature-extraction', (process.env.M ?? 'Xenova/all-MiniLM-L6-v2'), { dtype: 'q8', device: 'cpu' });
const tok = ex.tokenizer;
// Question words that name what is asked, not what about: they stand in any answer's context.
const GENERIC = new Set(['name', 'called', 'when', 'next', 'which', 'recommend', 'suggest', 'take', 'go', 'drive', 'member', 'size', 'breed', 'type', 'did', 'do']);

function wordsWithTokens(text: string) {
  const toks: string[] = tok.tokenize(text);
  const words: { word: string; idx: number[] }[] = [];
  toks.forEach((t, i) => {
    if (t.startsWith('##') && words.length) { words[words.length - 1]!.word += t.slice(2); words[words.length - 1]!.idx.push(i + 1); }
    else words.push({ word: t, idx: [i + 1] });
  });
  return words;
}
const stemMatch = (w: string, q: string) => w === q || (q.length > 3 && w.startsWith(q.slice(0, Math.max(3, q.length - 2))) && Math.abs(w.length - q.length) <= 3);

async function wordVectors(texts: string[], targets: string[][]) {
  const out: Float32Array[][] = [];
  for (let b = 0; b < texts.length; b += 16) {
    const batch = texts.slice(b, b + 16);
    const t = await ex(batch, { pooling: 'none', normalize: false });
    const [, seq, dim] = t.dims;
    const data = t.data as Float32Array;
    batch.forEach((text, k) => {
      const vs: Float32Array[] = [];
      for (const w of wordsWithTokens(text)) {
        if (!targets[b + k]!.some((q) => stemMatch(w.word, q))) continue;
        const v = new Float32Array(dim);
        for (const i of w.idx) if (i < seq) for (let d = 0; d < dim; d++) v[d] = v[d]! + data[(k * seq + i) * dim + d]!;
        const norm = Math.hypot(...v); for (let d = 0; d < dim; d++) v[d] = v[d]! / (norm || 1);
        vs.push(v);
      }
      out.push(vs);
    });
  }
  return out;
}
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

for (const persona of buildDataset()) {
  const sentences = persona.rounds.flatMap((r) => [r.user, r.assistant].flatMap((t) => t.split(/(?<=[.!?…])\s+|\n+/u)).map((s) => ({ s, round: r.id })));
  for (const q of persona.questions) {
    const words = contentWords(q.question).filter((w) => !GENERIC.has(w));
    const [qv] = await wordVectors([q.question], [words]);
    const hits = sentences.filter((x) => contentWords(x.s).some((w) => words.some((qw) => stemMatch(w, qw))));
    const vecs = await wordVectors(hits.map((h) => h.s), hits.map(() => words));
    let best = 0, bestS = '', bestEv = 0;
    const ev = new Set(q.evidence);
    hits.forEach((h, i) => {
      for (const v of vecs[i]!) for (const u of qv!) {
        const c = dot(u, v);
        if (c > best) { best = c; bestS = h.s; }
        if (ev.has(h.round) && c > bestEv) bestEv = c;
      }
    });
    console.log(JSON.stringify({ id: q.id, cat: q.category, split: q.split, words, hits: hits.length, best: +best.toFixed(3), bestEv: +bestEv.toFixed(3), bestS: bestS.slice(0, 90) }));
  }
}
