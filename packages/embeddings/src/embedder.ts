import { settingDefault } from '@memctx/shared';

/** Turns text into unit-length vectors; queries and documents may be embedded differently (bge's query instruction). */
export interface Embedder {
  readonly model: string;
  readonly dimensions: number;
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
  close(): Promise<void>;
}

export const DEFAULT_EMBEDDING_MODEL = settingDefault('embeddingModel');

/** bge's instruction for short queries against passages (from the model card); documents get none. */
export const BGE_QUERY_INSTRUCTION = 'Represent this sentence for searching relevant passages: ';
