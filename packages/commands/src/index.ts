export {
  createMemoryService, type MemoryService, type RoundInput, type GeneratedInput, type WriteResult,
  type DocumentRequestInput, type DocumentRequested, type StoredDocument,
} from './memory-service.js';
export { createCommandHandler, type HandleOptions, type Handled } from './command-handler.js';
export { createAppendBatcher, type AppendBatcher } from './append-batcher.js';
export { createPostgresQuota, migrateQuota, utcDay, type QuotaStore, type QuotaDecision } from './quota.js';
export {
  createIdempotencyStore, migrateIdempotency, hashRequest, runOnce, IdempotencyConflictError,
  type IdempotencyStore, type IdempotencyRequest, type IdempotencySettings, type Claim,
} from './idempotency.js';
export { deterministicId } from './ids.js';
export { scheduleIdempotencySweep } from './idempotency-sweep.js';
export type { StageTimer } from './stages.js';
