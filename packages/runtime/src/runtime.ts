import { mkdirSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import {
  createIdempotencyStore, createMemoryService, createPostgresQuota, migrateIdempotency, migrateQuota,
  type IdempotencyStore, type MemoryService, type QuotaStore,
} from '@memctx/commands';
import { createPgliteDb, createPostgresDb, ensureVectorExtension, type Db } from '@memctx/db';
import { migrateEventStore, type EventStore } from '@memctx/event-store';
import { createKurrentDbEventStore, type KurrentDbEventStore } from '@memctx/event-store-kurrentdb';
import { ensureActiveGeneration, migrateGenerations, type Projection } from '@memctx/projections';
import { adoptEmbeddingModel, allProjections, EMBEDDING_DIMENSIONS, keepRetrieval, migrateEmbeddingSpace, migrateIndexFunctions, type KeptRetrieval } from '@memctx/read-models';
import { createCachedEmbedder, createOpenAiCompatibleEmbedder, createWorkerEmbedder, migrateEmbeddingCache, type Embedder } from '@memctx/embeddings';
import { parseSealingKey, StartupError, type Config, type Logger } from '@memctx/shared';
import { openShreddingStore, type Shredder } from '@memctx/shredding';
import { Registry } from 'prom-client';
import { createServiceMetrics, type ServiceMetrics } from './service-metrics.js';
import { DEFAULT_SIP_SETTINGS, evidencePolicyFor, type QueryEmbedder, type SipSettings } from '@memctx/sip';
import { openDocuments, type Documents } from './documents.js';

/** Everything a memctx process needs, wired from configuration once. */
export interface Runtime {
  config: Config;
  logger: Logger;
  db: Db;
  /** The event store as deciders and projections see it: personal fields opened (crypto-shredding). */
  store: EventStore;
  /** The same events as stored, personal fields sealed: what the relay publishes, so Kafka holds no plaintext. */
  storedEvents: EventStore;
  /** Opens events that arrive by another way than `store` (a Kafka topic). */
  shredder: Shredder;
  service: MemoryService;
  quota: QuotaStore;
  idempotency: IdempotencyStore;
  projections: readonly Projection[];
  /** The cached embedder; absent with MEMCTX_EMBEDDINGS=off (retrieval then uses full text and recency). */
  embedder?: Embedder;
  /** Prometheus metrics of this process beyond HTTP (the API serves them at /metrics). */
  metrics: Registry;
  /** The service's own metrics in that registry: lag, embedding backlog, queue depth, SIP latency, rounds, tokens saved. */
  serviceMetrics: ServiceMetrics;
  /** Connectors, sealed credentials and the document queue. */
  documents: Documents;
  /** What SIP builds use: the query embedder (absent with MEMCTX_EMBEDDINGS=off) and the budget and evidence settings. */
  sip: { embedder?: QueryEmbedder; settings: SipSettings; retrieval: KeptRetrieval };
  close(): Promise<void>;
}

/**
 * Opens the database (a PostgreSQL server, or PGlite under the data directory
 * when no URL is configured), applies migrations and makes sure every read
 * model exists, so an API process can serve reads even before a projector ran.
 */
export async function openRuntime(config: Config, logger: Logger): Promise<Runtime> {
  // Before the database: an unreachable KurrentDB stops the process at once with one line.
  const kurrent = config.eventStore === 'kurrentdb' ? await openKurrentDb(config.kurrentDbUrl!) : undefined;
  let db: Db;
  if (config.databaseUrl) {
    db = createPostgresDb({
      connectionString: config.databaseUrl, maxConnections: config.databasePoolSize, applicationName: 'memctx',
      onConnectionError: (error, where) => logger.warn({ err: error, where }, 'database connection lost; its operation fails and the pool reconnects'),
    });
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    db = await createPgliteDb({ dataDir: config.dataDir });
  }
  await ensureVectorExtension(db);
  await migrateEventStore(db);
  await migrateGenerations(db);
  await migrateQuota(db);
  await migrateIdempotency(db);
  await migrateEmbeddingCache(db);
  await migrateIndexFunctions(db);
  for (const projection of allProjections) await ensureActiveGeneration(db, projection);
  await migrateEmbeddingSpace(db);
  if (config.embeddings) {
    const adoption = await adoptEmbeddingModel(db, config.embeddingModel);
    if (adoption.cleared > 0) {
      logger.warn({ previous: adoption.previous, model: config.embeddingModel, records: adoption.cleared }, 'the embedding model changed: every record is embedded again, newest first');
    }
  }
  // The shredding decorator wraps whichever store holds the events; the session keys stay in the database.
  const { store, storedEvents } = await openShreddingStore(db, {
    masterKey: parseSealingKey(config.credentialsKey, 'MEMCTX_CREDENTIALS_KEY'),
    events: kurrent,
  });
  const embedder = config.embeddings ? createCachedEmbedder(await openEmbedder(config), db) : undefined;
  const documents = await openDocuments(config, db, logger);
  const metrics = new Registry();
  return {
    metrics,
    serviceMetrics: createServiceMetrics(metrics, { db, store, projections: allProjections }),
    config,
    logger,
    db,
    store,
    storedEvents,
    shredder: store.shredder,
    documents,
    service: createMemoryService({ store, sessionRetentionMs: config.sessionRetentionSeconds * 1000, commitQueueMax: config.commitQueueMax }),
    quota: createPostgresQuota(db, config.dailyIngestQuota),
    idempotency: createIdempotencyStore(db, { ttlSeconds: config.idempotencyTtlSeconds, waitMs: config.idempotencyWaitMs }),
    projections: allProjections,
    embedder,
    sip: {
      embedder,
      settings: { ...DEFAULT_SIP_SETTINGS, budgetTokens: config.sipTokenBudget, vectorDepth: config.sipVectorDepth, policy: evidencePolicyFor(config.embeddingModel, config.sipAbstainBelow) },
      retrieval: keepRetrieval(config.sipRetrievalCache),
    },
    async close() {
      await documents.queue.close();
      await embedder?.close();
      await kurrent?.close();
      await db.close();
    },
  };
}

/** How long start-up waits for KurrentDB's first answer. */
const KURRENTDB_PROBE_MS = 5_000;

/** Opens the KurrentDB store and reads the head of $all once, so a wrong address fails at start, not on the first write. */
async function openKurrentDb(url: string): Promise<KurrentDbEventStore> {
  const where = url.replace(/\/\/[^@/]*@/, '//***@');
  let store: KurrentDbEventStore;
  try {
    // esdb is the scheme's former name; the client warns about it on the console, outside our log lines.
    store = createKurrentDbEventStore({ connectionString: url.replace(/^esdb(\+discover)?:/i, 'kurrentdb$1:') });
  } catch (error) {
    throw new StartupError(`cannot use KurrentDB at ${where}: ${reasonOf(error)}`, { cause: error });
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      store.head(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${KURRENTDB_PROBE_MS} ms`)), KURRENTDB_PROBE_MS);
      }),
    ]);
    return store;
  } catch (error) {
    await store.close().catch(() => undefined);
    throw new StartupError(`cannot reach KurrentDB at ${where}: ${await unreachableReason(url, error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** The local model, or an OpenAI-compatible endpoint when MEMCTX_EMBEDDINGS_URL names one (checked against the index at start). */
function openEmbedder(config: Config): Promise<Embedder> {
  if (!config.embeddingsUrl) return createWorkerEmbedder({
    modelsDir: config.modelsDir, modelId: config.embeddingModel, allowRemote: config.allowRemoteModels, maxTokens: config.embeddingMaxTokens,
    threads: config.embeddingThreads, workerThreads: config.embeddingWorkerThreads,
  });
  return createOpenAiCompatibleEmbedder({
    url: config.embeddingsUrl,
    apiKey: config.embeddingsApiKey,
    modelId: config.embeddingModel,
    dimensions: EMBEDDING_DIMENSIONS,
    batchSize: config.embeddingsBatchSize,
    timeoutMs: config.embeddingsTimeoutMs,
    retries: config.embeddingsRetries,
  });
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The client's UnavailableError says nothing more than its name, so a plain TCP connection to the first
 * host tells the operator whether nothing listens there (ECONNREFUSED), the name does not resolve, or
 * something listens that is not KurrentDB (or needs TLS).
 */
async function unreachableReason(url: string, error: unknown): Promise<string> {
  const reason = reasonOf(error);
  const [, host = '', port = '2113'] = /^[^:]+:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?,]+)(?::(\d+))?/.exec(url) ?? [];
  if (!host) return reason;
  const tcp = await new Promise<string | undefined>((resolve) => {
    const socket = connectTcp({ host: host.replace(/^\[|\]$/g, ''), port: Number(port), timeout: 2_000 });
    const done = (outcome: string | undefined) => {
      socket.destroy();
      resolve(outcome);
    };
    socket.once('connect', () => done(undefined));
    socket.once('timeout', () => done(`connect to ${host}:${port} timed out`));
    socket.once('error', (e) => done(e.message));
  });
  return tcp ? `${tcp} (${reason})` : `${host}:${port} accepts connections but does not answer as KurrentDB (${reason}; tls setting?)`;
}
