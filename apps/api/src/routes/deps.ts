import type { IdempotencyStore, MemoryService, QuotaStore } from '@memctx/commands';
import type { Db } from '@memctx/db';
import type { ReadYourWrites } from '../consistency/read-your-writes.js';

/** What the feature routes need; built once from the runtime. */
export interface FeatureDeps {
  db: Db;
  service: MemoryService;
  quota: QuotaStore;
  idempotency: IdempotencyStore;
  readYourWrites: ReadYourWrites;
}
