import type { IdempotencyStore, MemoryService, QuotaStore } from '@memctx/commands';
import type { CredentialStore } from '@memctx/ingestion';
import type { ServiceMetrics } from '@memctx/runtime';
import type { KeptRetrieval } from '@memctx/read-models';
import type { QueryEmbedder, SipSettings } from '@memctx/sip';
import type { ConnectorDirectory } from '../connectors/directory.js';
import type { ReadYourWrites } from '../consistency/read-your-writes.js';
import type { FeatureReads } from './reads.js';

/** What the feature routes need; built once from the runtime. */
export interface FeatureDeps {
  /** The read models (and the SIP build) the routes answer from. */
  reads: FeatureReads;
  service: MemoryService;
  quota: QuotaStore;
  idempotency: IdempotencyStore;
  readYourWrites: ReadYourWrites;
  /** SIP latency, tokens saved and rounds for /metrics; absent in tests that do not look at them. */
  serviceMetrics?: ServiceMetrics;
  /** Without an embedder, SIP retrieval ranks by full text and recency only. */
  sip: { embedder?: QueryEmbedder; settings: SipSettings; retrieval?: KeptRetrieval };
  connectors: {
    directory: ConnectorDirectory;
    /** Where a request's credentials wait for the worker (sealed, never in events). */
    credentials: CredentialStore;
    /** How long an ingest request waits for its document to be stored before answering 202. */
    ingestWaitMs: number;
  };
}
