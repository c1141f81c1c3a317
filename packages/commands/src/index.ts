export { createMemoryService, type MemoryService } from './memory-service.js';
export type { WriteResult } from './service/context.js';
export type { RoundInput, GeneratedInput } from './service/conversation.js';
export type { DocumentRequestInput, DocumentRequested, StoredDocument } from './service/documents.js';
export { createCommandHandler, type HandleOptions, type Handled } from './command-handler.js';
export { createAppendBatcher, type AppendBatcher } from './append-batcher.js';
export { createPostgresQuota, migrateQuota, utcDay, type QuotaStore, type QuotaDecision } from './quota.js';
export {
  createIdempotencyStore, migrateIdempotency, hashRequest, runOnce, IdempotencyConflictError,
  type IdempotencyStore, type IdempotencyRequest, type IdempotencySettings, type Claim,
} from './idempotency.js';
export { deterministicId } from './ids.js';
export { scheduleIdempotencySweep } from './idempotency-sweep.js';
export type { StageTimer } from '@memctx/shared';
