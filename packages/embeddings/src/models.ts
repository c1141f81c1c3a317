import { BGE_QUERY_INSTRUCTION } from './embedder.js';
import type { Pooling } from './pooling.js';

/** How a known model is run, from its model card: pooling, the sequence length it was trained on, a query instruction. */
export interface ModelProfile {
  pooling: Pooling;
  trainedTokens: number;
  /** Put before a query (not a document); the same for the local model and an endpoint serving it. */
  queryPrefix: string;
  /** Put before every text embedded as a document (e5 was trained on "query: " and "passage: " pairs). */
  documentPrefix: string;
}

const BGE: ModelProfile = { pooling: 'cls', trainedTokens: 512, queryPrefix: BGE_QUERY_INSTRUCTION, documentPrefix: '' };
const MINILM: ModelProfile = { pooling: 'mean', trainedTokens: 256, queryPrefix: '', documentPrefix: '' };
const E5: ModelProfile = { pooling: 'mean', trainedTokens: 512, queryPrefix: 'query: ', documentPrefix: 'passage: ' };
const PROFILES: Record<string, ModelProfile> = {
  'BAAI/bge-small-en-v1.5': BGE, 'Xenova/bge-small-en-v1.5': BGE, 'Xenova/all-MiniLM-L6-v2': MINILM,
  'intfloat/e5-small-v2': E5, 'Xenova/e5-small-v2': E5,
};

/** A model of none of these names (an endpoint's own) is run as a plain sentence encoder: mean pooling, no instruction. */
export const profileOf = (modelId: string): ModelProfile =>
  PROFILES[modelId] ?? (modelId.includes('bge') ? BGE : /\be5-/.test(modelId) ? E5 : MINILM);

/** Every model laid out by infra/scripts/fetch-model.sh is 384 wide, the vector index's width. */
export const LOCAL_MODEL_WIDTH = 384;
