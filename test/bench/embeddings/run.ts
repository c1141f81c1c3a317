/**
 * Embedding throughput: the service's embedder (transformers.js pipeline, batched)
 * against raw onnxruntime-node on the same ONNX file, the same tokenizer and the
 * same batches, in one run. Also single-query latency.
 *   pnpm bench:embeddings
 */
import { join, resolve } from 'node:path';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { createTransformersEmbedder } from '@memctx/embeddings';
import * as ort from 'onnxruntime-node';
import { loadSamples, roundsOf, turnText } from '../locomo/dataset.js';
import { fmt, summarize } from '../lib/stats.js';

const modelsDir = resolve(import.meta.dirname, '../../..', process.env.MEMCTX_MODELS_DIR ?? 'models');
const MODEL = 'BAAI/bge-small-en-v1.5';
const BATCH = Number(process.env.MEMCTX_BENCH_BATCH ?? 32);
const COUNT = Number(process.env.MEMCTX_BENCH_TEXTS ?? 512);
const ROUNDS = 3;

const texts = loadSamples().flatMap((s) => roundsOf(s).map((r) => `${turnText(r.user)} ${r.assistant ? turnText(r.assistant) : ''}`)).slice(0, COUNT);
const batches = Array.from({ length: Math.ceil(texts.length / BATCH) }, (_, i) => texts.slice(i * BATCH, (i + 1) * BATCH));

const service = await createTransformersEmbedder({ modelsDir, batchSize: BATCH });

env.localModelPath = `${modelsDir}/`;
env.allowRemoteModels = false;
const tokenizer = await AutoTokenizer.from_pretrained(MODEL);
const session = await ort.InferenceSession.create(join(modelsDir, MODEL, 'onnx/model_quantized.onnx'));

/** The raw path: tokenize, run the graph, take the CLS row, normalize. */
async function raw(batch: string[]): Promise<Float32Array[]> {
  const encoded = tokenizer(batch, { padding: true, truncation: true }) as Record<string, { data: BigInt64Array; dims: number[] }>;
  const feeds: Record<string, ort.Tensor> = {};
  for (const name of session.inputNames) {
    const tensor = encoded[name] ?? { data: new BigInt64Array(encoded.input_ids!.data.length), dims: encoded.input_ids!.dims };
    feeds[name] = new ort.Tensor('int64', tensor.data, tensor.dims);
  }
  const output = (await session.run(feeds))[session.outputNames[0]!]!;
  const [rows, length, width] = output.dims as [number, number, number];
  const data = output.data as Float32Array;
  return Array.from({ length: rows }, (_, i) => {
    const v = data.slice(i * length * width, i * length * width + width);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

async function timeIt(name: string, run: (batch: string[]) => Promise<Float32Array[]>): Promise<number> {
  for (const batch of batches.slice(0, 2)) await run(batch); // warm up
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const began = performance.now();
    for (const batch of batches) await run(batch);
    rates.push(texts.length / ((performance.now() - began) / 1000));
  }
  const best = Math.max(...rates);
  process.stderr.write(`  ${name}: ${rates.map((x) => fmt(x)).join(', ')} texts/s\n`);
  return best;
}

// Same vectors from both paths, or the comparison means nothing.
const [a] = await service.embedDocuments([texts[0]!]);
const [b] = await raw([texts[0]!]);
const agreement = a!.reduce((s, x, i) => s + x * b![i]!, 0);

const rawRate = await timeIt('raw onnxruntime', raw);
const serviceRate = await timeIt('service embedder', (batch) => service.embedDocuments(batch));
const latencies: number[] = [];
for (let i = 0; i < 100; i++) {
  const began = performance.now();
  await service.embedQuery(`what did we decide about item ${i}?`);
  latencies.push(performance.now() - began);
}
const q = summarize(latencies);
console.log(`\nEmbedding throughput, ${MODEL} (quantized), ${texts.length} LoCoMo rounds in batches of ${BATCH}, best of ${ROUNDS}`);
console.log(`  raw onnxruntime-node  ${fmt(rawRate)} texts/s`);
console.log(`  service embedder      ${fmt(serviceRate)} texts/s  = ${fmt(serviceRate / rawRate, 2)} of raw (cosine agreement ${agreement.toFixed(4)})`);
console.log(`  single query          p50 ${fmt(q.p50)} ms  p95 ${fmt(q.p95)} ms`);
await service.close();
await session.release();
