import { BGE_QUERY_INSTRUCTION } from './embedder.js';

/** How a known model is run, from its model card: pooling, the sequence length it was trained on, a query instruction. */
export interface ModelProfile {
  pooling: 'cls' | 'mean';
  trainedTokens: number;
  /** Put before a query (not a document); the same for the local model and an endpoint serving it. */
  queryPrefix: string;
}

const BGE: ModelProfile = { pooling: 'cls', trainedTokens: 512, queryPrefix: BGE_QUERY_INSTRUCTION };
const MINILM: ModelProfile = { pooling: 'mean', trainedTokens: 256, queryPrefix: '' };
const PROFILES: Record<string, ModelProfile> = { 'BAAI/bge-small-en-v1.5': BGE, 'Xenova/bge-small-en-v1.5': BGE, 'Xenova/all-MiniLM-L6-v2': MINILM };

/** A model of neither name (an endpoint's own) is run as a plain sentence encoder: mean pooling, no instruction. */
export const profileOf = (modelId: string): ModelProfile =>
  PROFILES[modelId] ?? (modelId.includes('bge') ? BGE : MINILM);

/** Every model laid out by infra/scripts/fetch-model.sh is 384 wide, the vector index's width. */
export const LOCAL_MODEL_WIDTH = 384;
