import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { env, pipeline, type FeatureExtractionPipeline, type Tensor } from '@huggingface/transformers';
import { DEFAULT_EMBEDDING_MODEL, type Embedder } from './embedder.js';
import { LOCAL_MODEL_WIDTH, profileOf } from './models.js';
import { createMicroBatcher } from './micro-batch.js';
import { pooledVectors } from './pooling.js';

export interface TransformersEmbedderOptions {
  modelsDir: string;
  modelId?: string;
  /** Download from the Hugging Face hub when the files are not in `modelsDir` (off by default: no network at run time). */
  allowRemote?: boolean;
  /**
   * Texts per forward pass (default 1). The quantized model scales its activations over the whole pass, so a text
   * embedded beside others gets a slightly different vector than alone (cosine ~0.994 to itself): one text per pass
   * makes a text's vector its own, whatever it was embedded with, at no cost in throughput on this model.
   */
  batchSize?: number;
  /**
   * Queries that arrive within this many milliseconds share one forward pass. Unset, no query waits: one arriving while
   * a pass runs shares the next.
   */
  queryWindowMs?: number;
  /**
   * Tokens of a text the model reads (at most 512; by default the length the model was trained on); the rest is cut. Attention is quadratic in a
   * batch's longest text, so the few long turns cost most of the forward pass; the cache key stays the whole text.
   */
  maxTokens?: number;
  /** onnxruntime's intra-op threads for one forward pass (0 or absent: its default, one per core). */
  threads?: number;
  /**
   * Let onnxruntime's pool threads spin-wait between passes, its own default. Off unless asked: a spinning thread
   * holds a core the API, the projector and PostgreSQL beside it need (the old defaults' benchmark option turns it on).
   */
  spinning?: boolean;
}


/**
 * A sentence-embedding model (quantized ONNX: all-MiniLM-L6-v2 by default,
 * bge-small-en-v1.5 or e5-small-v2) on CPU through transformers.js, normalized, 384 dimensions.
 * Documents and queries run `batchSize` texts a pass (one by default); queries
 * arriving while a pass runs wait for the next.
 */
export async function createTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
  const modelId = options.modelId ?? DEFAULT_EMBEDDING_MODEL;
  const modelsDir = resolve(options.modelsDir);
  const local = join(modelsDir, modelId, 'onnx', 'model_quantized.onnx');
  if (!options.allowRemote && !existsSync(local)) {
    throw new Error(`embedding model files are missing (${local}): run \`bash infra/scripts/fetch-model.sh ${modelId}\`, or set MEMCTX_ALLOW_REMOTE_MODELS=1 to download them`);
  }
  env.localModelPath = `${modelsDir}/`;
  env.allowLocalModels = true;
  env.allowRemoteModels = options.allowRemote ?? false;
  const sessionOptions = {
    ...(options.threads ? { intraOpNumThreads: options.threads, interOpNumThreads: 1 } : {}),
    ...(options.spinning ? {} : { extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } } }),
  };
  const extractor: FeatureExtractionPipeline = await pipeline('feature-extraction', modelId, { dtype: 'q8', device: 'cpu', session_options: sessionOptions });
  const profile = profileOf(modelId);
  const batchSize = options.batchSize ?? 1;
  const maxTokens = Math.min(options.maxTokens ?? profile.trainedTokens, 512);

  // The pipeline's own call, but with the tokenizer's max_length set to `maxTokens`, which the pipeline does not expose.
  const run = async (texts: string[]): Promise<Float32Array[]> => {
    const inputs = extractor.tokenizer(texts, { padding: true, truncation: true, max_length: maxTokens });
    const { last_hidden_state: hidden } = (await extractor.model(inputs)) as { last_hidden_state: Tensor };
    const mask = (inputs.attention_mask as Tensor).data as BigInt64Array;
    return pooledVectors(hidden.data as Float32Array, mask, hidden.dims as [number, number, number], profile.pooling);
  };
  const queries = createMicroBatcher(run, options.queryWindowMs === undefined
    ? { maxBatch: batchSize, gather: 'while-busy' }
    : { windowMs: options.queryWindowMs, maxBatch: batchSize });

  return {
    model: modelId,
    dimensions: LOCAL_MODEL_WIDTH,
    async embedDocuments(texts) {
      // A batch is padded to its longest text, so batching texts of like length (and putting the answers back in order) wastes far less of the forward pass.
      const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
      const vectors = new Array<Float32Array>(texts.length);
      for (let i = 0; i < order.length; i += batchSize) {
        const slice = order.slice(i, i + batchSize);
        const out = await run(slice.map((j) => profile.documentPrefix + texts[j]!));
        slice.forEach((j, k) => (vectors[j] = out[k]!));
      }
      return vectors;
    },
    embedQuery: (text) => queries(profile.queryPrefix + text),
    async close() {
      await extractor.dispose();
    },
  };
}
