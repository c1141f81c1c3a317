export { BGE_QUERY_INSTRUCTION, DEFAULT_EMBEDDING_MODEL, type Embedder } from './embedder.js';
export { createTransformersEmbedder, type TransformersEmbedderOptions } from './transformers.js';
export { createCachedEmbedder, migrateEmbeddingCache, type CacheStats } from './cache.js';
export { createMicroBatcher, QUERY_WINDOW_MS } from './micro-batch.js';
export { createOpenAiCompatibleEmbedder, embeddingsEndpoint, type OpenAiCompatibleEmbedderOptions } from './openai-compatible.js';
export { createWorkerEmbedder, type WorkerEmbedderOptions } from './worker-embedder.js';
