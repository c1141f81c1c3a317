export { memctxMemory, type MemctxMemoryOptions } from './middleware.js';
export { memctxMetadata, type MemctxMetadata } from './metadata.js';
export type { MemctxErrorHandler } from './memctx-calls.js';
