import type { IdempotencyStore, MemoryService, QuotaStore } from '@memctx/commands';
import type { Db } from '@memctx/db';
import type { QueryEmbedder, SipSettings } from '@memctx/sip';
import type { ReadYourWrites } from '../consistency/read-your-writes.js';

/** What the feature routes need; built once from the runtime. */
export interface FeatureDeps {
  db: Db;
  service: MemoryService;
  quota: QuotaStore;
  idempotency: IdempotencyStore;
  readYourWrites: ReadYourWrites;
  /** Without an embedder, SIP retrieval ranks by full text and recency only. */
  sip: { embedder?: QueryEmbedder; settings: SipSettings };
}
