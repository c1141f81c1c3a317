/**
 * Embedding options side by side in one run, in the shape the filler embeds: each
 * call is 64 rounds' user sides followed by their replies. Options take turns
 * (A B C … A B C …) so load from other processes falls on all of them alike; each
 * prints texts/s, rounds/s and CPU per round (this process, onnxruntime's threads
 * included), median of the passes.
 *   pnpm bench:embeddings:options
 * Env: MEMCTX_BENCH_ROUNDS (rounds per pass, default 192), MEMCTX_BENCH_PASSES (default 3),
 *      MEMCTX_BENCH_OPTIONS (the keys of the options to run, comma-separated, e.g. today,old,bge-1t; default all),
 *      MEMCTX_BENCH_LONG=1 (each user side is its whole session so far, cut at 2,000 characters: long texts as platforms post them),
 *      MEMCTX_BENCH_DOCUMENTS=N (instead of rounds: the documents benchmark's first N documents, chunked as the worker
 *      chunks them, one call per document; prints chunks/s and CPU per chunk).
 */
import { resolve } from 'node:path';
import { chunkDocument, markdownBlocks } from '@memctx/connectors';
import { createWorkerEmbedder, type Embedder, type WorkerEmbedderOptions } from '@memctx/embeddings';
import { benchDocuments } from '../documents/corpus.js';
import { loadSamples, roundsOf, turnText } from '../locomo/dataset.js';
import { fmt } from '../lib/stats.js';

const modelsDir = resolve(import.meta.dirname, '../../..', process.env.MEMCTX_MODELS_DIR ?? 'models');
const PASSES = Number(process.env.MEMCTX_BENCH_PASSES ?? 3);
const long = ['1', 'on', 'true'].includes(process.env.MEMCTX_BENCH_LONG ?? '');

interface Round { user: string; reply: string }
const rounds: Round[] = loadSamples().flatMap((sample) => {
  const all = roundsOf(sample);
  return all.map((r, i) => ({
    user: long ? all.slice(0, i + 1).map((x) => turnText(x.user)).join('\n').slice(-2_000) : turnText(r.user),
    reply: r.assistant ? turnText(r.assistant) : '',
  }));
}).slice(0, Number(process.env.MEMCTX_BENCH_ROUNDS ?? 192));

interface BenchOption {
  /** What MEMCTX_BENCH_OPTIONS names it by. */
  key: string;
  name: string;
  /** As the service runs it: on threads of its own, one by default. */
  embedder: Omit<WorkerEmbedderOptions, 'modelsDir'>;
  /** Which rounds' replies get a vector. */
  reply: (round: Round) => boolean;
}
// The default model, bge-small and e5-small (laid out by `bash infra/scripts/fetch-model.sh BAAI/bge-small-en-v1.5` and
// `… intfloat/e5-small-v2`; their options are skipped without them). Each model reads the length it was trained on unless
// an option says otherwise (MiniLM 256, bge and e5 512).
const MINILM = 'Xenova/all-MiniLM-L6-v2';
const BGE = 'BAAI/bge-small-en-v1.5';
const E5 = 'intfloat/e5-small-v2';
const always = (round: Round) => round.reply.trim() !== '';
const never = () => false;
// Today's defaults; the MiniLM variants below change one thing each.
const TODAY = { modelId: MINILM, threads: 1, workerThreads: 2 };
const OPTIONS: BenchOption[] = [
  { key: 'today', name: 'today (MiniLM-L6, 2 model threads of 1, 256 tokens)', embedder: TODAY, reply: always },
  // onnxruntime's defaults of the time: one thread per core, spinning between passes.
  { key: 'old', name: 'old defaults (bge-small, default threads, 512 tokens)', embedder: { modelId: BGE, spinning: true }, reply: always },
  { key: 'bge-1t', name: 'bge-small, 1 thread', embedder: { modelId: BGE, threads: 1 }, reply: always },
  { key: 'bge-2t', name: 'bge-small, 2 threads', embedder: { modelId: BGE, threads: 2 }, reply: always },
  { key: 'bge-b8', name: 'bge-small, batch 8', embedder: { modelId: BGE, batchSize: 8 }, reply: always },
  { key: 'bge-b64', name: 'bge-small, batch 64', embedder: { modelId: BGE, batchSize: 64 }, reply: always },
  { key: 'bge-noreply', name: 'bge-small, no reply vectors', embedder: { modelId: BGE }, reply: never },
  { key: 'bge-1t-128', name: 'bge-small, 1 thread, max 128 tokens', embedder: { modelId: BGE, threads: 1, maxTokens: 128 }, reply: always },
  { key: 'bge-1t-128-noreply', name: 'bge-small, 1 thread, max 128 tokens, no reply vectors', embedder: { modelId: BGE, threads: 1, maxTokens: 128 }, reply: never },
  { key: 'e5-2t', name: 'e5-small-v2, 2 threads not spinning', embedder: { modelId: E5, threads: 2 }, reply: always },
  { key: 'minilm-1t', name: 'MiniLM-L6, 1 thread', embedder: { ...TODAY, workerThreads: 1 }, reply: always },
  { key: 'minilm-2t', name: 'MiniLM-L6, 1 model thread of 2', embedder: { ...TODAY, threads: 2, workerThreads: 1 }, reply: always },
  { key: 'minilm-threads', name: 'MiniLM-L6, 1 model thread, one per core', embedder: { ...TODAY, threads: 0, workerThreads: 1 }, reply: always },
  { key: 'minilm-spin', name: 'MiniLM-L6, 1 model thread of 2 spinning', embedder: { ...TODAY, threads: 2, workerThreads: 1, spinning: true }, reply: always },
  { key: 'minilm-128', name: 'MiniLM-L6, max 128 tokens', embedder: { ...TODAY, maxTokens: 128 }, reply: always },
  { key: 'minilm-192', name: 'MiniLM-L6, max 192 tokens', embedder: { ...TODAY, maxTokens: 192 }, reply: always },
  { key: 'minilm-noreply', name: 'MiniLM-L6, no reply vectors', embedder: TODAY, reply: never },
  { key: 'minilm-512', name: 'MiniLM-L6, max 512 tokens', embedder: { ...TODAY, maxTokens: 512 }, reply: always },
];
const wanted = process.env.MEMCTX_BENCH_OPTIONS?.split(',').map((s) => s.trim());
const options = OPTIONS.filter((o) => !wanted || wanted.includes(o.key));

const documentCalls = benchDocuments(Number(process.env.MEMCTX_BENCH_DOCUMENTS ?? 0), 'md').map((text) => chunkDocument(text, { blocks: markdownBlocks(text) }).map((c) => c.text));
const unit = documentCalls.length > 0 ? { name: 'chunk', count: documentCalls.flat().length } : { name: 'round', count: rounds.length };

const calls = (option: BenchOption): string[][] => {
  if (documentCalls.length > 0) return documentCalls;
  const out: string[][] = [];
  for (let i = 0; i < rounds.length; i += 64) {
    const slice = rounds.slice(i, i + 64);
    out.push([...slice.map((r) => r.user), ...slice.filter(option.reply).map((r) => r.reply)]);
  }
  return out;
};

const embedders = new Map<BenchOption, Embedder>();
for (const option of options) {
  try {
    embedders.set(option, await createWorkerEmbedder({ modelsDir, ...option.embedder }));
  } catch (error) {
    process.stderr.write(`  ${option.name}: skipped (${(error as Error).message})\n`);
  }
}

interface Pass { texts: number; seconds: number; cpuMs: number }
const passes = new Map<BenchOption, Pass[]>([...embedders.keys()].map((o) => [o, []]));
for (const [option, embedder] of embedders) await embedder.embedDocuments(calls(option)[0]!.slice(0, 16)); // warm up
for (let pass = 0; pass < PASSES; pass++) {
  for (const [option, embedder] of embedders) {
    const work = calls(option);
    const cpu = process.cpuUsage();
    const began = performance.now();
    for (const call of work) await embedder.embedDocuments(call);
    const used = process.cpuUsage(cpu);
    passes.get(option)!.push({ texts: work.flat().length, seconds: (performance.now() - began) / 1000, cpuMs: (used.user + used.system) / 1000 });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const work = documentCalls.length > 0
  ? `${documentCalls.length} documents (${unit.count} chunks) per pass, one call per document`
  : `${rounds.length} LoCoMo rounds${long ? ' (user side = session so far, ≤ 2,000 chars)' : ''} per pass in calls of 64 rounds`;
console.log(`\nEmbedding options, ${work}, median of ${PASSES} passes taking turns`);
console.log(`  ${'option'.padEnd(56)} ${'texts/s'.padStart(8)} ${`${unit.name}s/s`.padStart(9)} ${`CPU ms/${unit.name}`.padStart(13)}`);
for (const [option, runs] of passes) {
  const seconds = median(runs.map((r) => r.seconds));
  const cpu = median(runs.map((r) => r.cpuMs));
  console.log(`  ${option.name.padEnd(56)} ${fmt(runs[0]!.texts / seconds).padStart(8)} ${fmt(unit.count / seconds).padStart(9)} ${fmt(cpu / unit.count).padStart(13)}`);
}
for (const embedder of embedders.values()) await embedder.close();
