/**
 * Embedding throughput in the shape the embedding filler uses: 64 rounds' user
 * sides followed by their replies in one embedDocuments call, so texts of very
 * different lengths meet in one call (the service batches them by length).
 *   pnpm bench:embeddings:mixed
 */
import { resolve } from 'node:path';
import { createTransformersEmbedder } from '@memctx/embeddings';
import { loadSamples, roundsOf, turnText } from '../locomo/dataset.js';

const modelsDir = resolve(import.meta.dirname, '../../..', process.env.MEMCTX_MODELS_DIR ?? 'models');
const rounds = loadSamples().flatMap((s) => roundsOf(s)).slice(0, Number(process.env.MEMCTX_BENCH_ROUNDS ?? 512));
const embedder = await createTransformersEmbedder({ modelsDir });
const calls: string[][] = [];
for (let i = 0; i < rounds.length; i += 64) {
  const slice = rounds.slice(i, i + 64);
  calls.push([...slice.map((r) => turnText(r.user)), ...slice.flatMap((r) => (r.assistant ? [turnText(r.assistant)] : []))]);
}
await embedder.embedDocuments(calls[0]!); // warm up
const began = performance.now();
let texts = 0;
for (const call of calls) {
  await embedder.embedDocuments(call);
  texts += call.length;
}
console.log(`filler-shaped embedDocuments: ${(texts / ((performance.now() - began) / 1000)).toFixed(1)} texts/s (${texts} texts in ${calls.length} calls)`);
await embedder.close();
