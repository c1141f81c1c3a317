import { z } from 'zod';
import { brokerList, byteSize, hostList, kafkaName, KURRENTDB_URL_PATTERN, nameList, onOff, oneOf, serviceUrl, token, unitInterval, wholeNumber } from './kinds.js';

export const ROLES = ['api', 'projector', 'worker', 'relay'] as const;
export type Role = (typeof ROLES)[number];
/** What a process runs when MEMCTX_ROLES is unset: everything that needs no Kafka. */
export const DEFAULT_ROLES: readonly Role[] = ['api', 'projector', 'worker'];
export const PROJECTOR_SOURCES = ['feed', 'kafka'] as const;
export type ProjectorSource = (typeof PROJECTOR_SOURCES)[number];
export const EVENT_STORES = ['postgres', 'kurrentdb'] as const;
export type EventStoreKind = (typeof EVENT_STORES)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One environment variable: its name, how its text is parsed (and defaulted), and whether its value may be echoed. */
export interface Setting<S extends z.ZodType = z.ZodType> {
  variable: string;
  schema: S;
  secret?: boolean;
}

const setting = <S extends z.ZodType>(variable: string, schema: S, options: { secret?: boolean } = {}): Setting<S> => ({ variable, schema, ...options });

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;
const MIN_TOKEN_LENGTH = 16;

/**
 * Every setting, keyed by its name in `Config`; the README's settings table says what each sets. The order is
 * the order problems are reported in.
 */
export const SETTINGS = {
  port: setting('PORT', wholeNumber(0, 65535).default(8080)),
  host: setting('HOST', z.string().trim().default('0.0.0.0')),
  /** Absent: the embedded PGlite database under `dataDir`. */
  databaseUrl: setting('MEMCTX_DATABASE_URL', serviceUrl(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/memctx').optional(), { secret: true }),
  databasePoolSize: setting('MEMCTX_DATABASE_POOL_SIZE', wholeNumber(1, 1000).default(10)),
  dataDir: setting('MEMCTX_DATA_DIR', z.string().default('.memctx/data')),
  /** Absent: the in-process job queue. */
  redisUrl: setting('REDIS_URL', serviceUrl(['redis:', 'rediss:'], 'redis://host:6379').optional(), { secret: true }),
  /** Where events live; read models and session keys stay in PostgreSQL. */
  eventStore: setting('MEMCTX_EVENT_STORE', oneOf(EVENT_STORES).default('postgres')),
  kurrentDbUrl: setting(
    'KURRENTDB_URL',
    z.string().trim().regex(KURRENTDB_URL_PATTERN, { error: 'must be a URL like kurrentdb://host:2113?tls=false' }).optional(),
    { secret: true },
  ),
  /** Absent: the admin API answers 404 everywhere. */
  adminToken: setting('MEMCTX_ADMIN_TOKEN', token(MIN_TOKEN_LENGTH).optional(), { secret: true }),
  dailyIngestQuota: setting('MEMCTX_DAILY_INGEST_QUOTA', wholeNumber(1).default(10_000)),
  readYourWritesTimeoutMs: setting('MEMCTX_READ_YOUR_WRITES_TIMEOUT_MS', wholeNumber(0, 60_000).default(2_000)),
  sessionRetentionSeconds: setting('MEMCTX_SESSION_RETENTION_SECONDS', wholeNumber(1).default(THIRTY_DAYS_SECONDS)),
  purgeIntervalSeconds: setting('MEMCTX_PURGE_INTERVAL_SECONDS', wholeNumber(1).default(60)),
  /** Events per projection transaction: larger batches replay faster, smaller ones show writes sooner. */
  projectorBatchSize: setting('MEMCTX_PROJECTOR_BATCH_SIZE', wholeNumber(1, 100_000).default(1_000)),
  /** After a short batch, how long appends gather before a live projection reads again: fewer, larger batches. */
  projectorGatherMs: setting('MEMCTX_PROJECTOR_GATHER_MS', wholeNumber(0, 10_000).default(100)),
  /** The most requests one API process works on at once; past it a request waits for a slot (below) or is answered 503 + Retry-After (0: no bound). */
  maxInFlight: setting('MEMCTX_MAX_IN_FLIGHT', wholeNumber(0, 100_000).default(64)),
  /**
   * How long a request past MEMCTX_MAX_IN_FLIGHT waits for a slot before it is answered 503 + Retry-After: a burst
   * waits its turn instead of being refused, an overload is still shed within this time. 0: shed at once.
   */
  admissionWaitMs: setting('MEMCTX_ADMISSION_WAIT_MS', wholeNumber(0, 60_000).default(50)),
  /**
   * While requests take more than this many times their usual latency and the bound is reached, the bound shrinks
   * below MEMCTX_MAX_IN_FLIGHT (and grows back once they do not); 0: the bound stays fixed. Off by default: where
   * shedding itself fills the CPU, the latency it causes drives the bound down to its floor (docs/decisions.md).
   */
  shedLatencyFactor: setting('MEMCTX_SHED_LATENCY_FACTOR', wholeNumber(0, 100).default(0)),
  /**
   * A request that waited longer than this in front of the process (by the `X-Request-Start` stamp a load balancer
   * or proxy puts on it) is answered 503 + Retry-After without being worked on: its client has waited the most already,
   * and the requests behind it keep their latency. 0, or no stamp on a request: no such bound.
   */
  shedQueueMs: setting('MEMCTX_SHED_QUEUE_MS', wholeNumber(0, 600_000).default(0)),
  /** Appends waiting for the group commit; one more is refused with 503 + Retry-After (0: no bound). */
  commitQueueMax: setting('MEMCTX_COMMIT_QUEUE_MAX', wholeNumber(0, 1_000_000).default(1_024)),
  /** `Config` splits it into `bodyLimit` (as written, for messages) and `bodyLimitBytes` (what the parser enforces). */
  bodyLimit: setting('MEMCTX_BODY_LIMIT', byteSize().default({ text: '1mb', bytes: 1024 ** 2 })),
  logLevel: setting('MEMCTX_LOG_LEVEL', oneOf(LOG_LEVELS).default('info')),
  roles: setting('MEMCTX_ROLES', nameList(ROLES).default([...DEFAULT_ROLES])),
  /** <modelsDir>/<model id>/{onnx/model_quantized.onnx, tokenizer.json, ...}. */
  modelsDir: setting('MEMCTX_MODELS_DIR', z.string().trim().min(1).default('models')),
  embeddingModel: setting('MEMCTX_EMBEDDING_MODEL', z.string().trim().min(1).default('Xenova/all-MiniLM-L6-v2')),
  /**
   * Tokens of a text the local model reads (the rest is cut): long texts cost most of the forward pass. Unset: the
   * length the model was trained on (MiniLM 256, bge 512).
   */
  embeddingMaxTokens: setting('MEMCTX_EMBEDDING_MAX_TOKENS', wholeNumber(16, 512).optional()),
  /** onnxruntime's threads for one forward pass of the local model (0: one per core); they sleep between passes rather than spin. */
  embeddingThreads: setting('MEMCTX_EMBEDDING_THREADS', wholeNumber(0, 256).default(1)),
  /** Threads of the local model side by side, each with a copy of it running one forward pass at a time. */
  embeddingWorkerThreads: setting('MEMCTX_EMBEDDING_WORKER_THREADS', wholeNumber(1, 64).default(2)),
  /** Off: no model is loaded; SIP retrieval uses full text and recency only. */
  embeddings: setting('MEMCTX_EMBEDDINGS', onOff().default(true)),
  allowRemoteModels: setting('MEMCTX_ALLOW_REMOTE_MODELS', onOff().default(false)),
  /** Set: vectors come from this OpenAI-compatible endpoint (TEI, Ollama, vLLM, a hosted API) instead of the local model. */
  embeddingsUrl: setting('MEMCTX_EMBEDDINGS_URL', serviceUrl(['http:', 'https:'], 'http://tei:8080 or https://api.openai.com/v1').optional(), { secret: true }),
  embeddingsApiKey: setting('MEMCTX_EMBEDDINGS_API_KEY', z.string().trim().min(1).optional(), { secret: true }),
  /** Texts per request to the endpoint. */
  embeddingsBatchSize: setting('MEMCTX_EMBEDDINGS_BATCH_SIZE', wholeNumber(1, 2_048).default(64)),
  embeddingsTimeoutMs: setting('MEMCTX_EMBEDDINGS_TIMEOUT_MS', wholeNumber(100, 600_000).default(10_000)),
  /** Further attempts of a request that timed out or answered 429 or 5xx, with exponential backoff. */
  embeddingsRetries: setting('MEMCTX_EMBEDDINGS_RETRIES', wholeNumber(0, 10).default(4)),
  /** A round's reply as a second vector beside its user side, so replies are found by meaning. */
  embedReplies: setting('MEMCTX_EMBED_REPLIES', onOff().default(true)),
  sipTokenBudget: setting('MEMCTX_SIP_TOKEN_BUDGET', wholeNumber(50, 100_000).default(1_500)),
  // Unset: the fitted model's own threshold (packages/sip/src/answerability-model.ts).
  sipAbstainBelow: setting('MEMCTX_SIP_ABSTAIN_BELOW', unitInterval().optional()),
  /** Nearest records read per embedded side (user side, reply) before fusion: the vector half's cost grows with it. */
  sipVectorDepth: setting('MEMCTX_SIP_VECTOR_DEPTH', wholeNumber(10, 500).default(50)),
  /** Retrieval answers kept per API process for queries asked again over an unchanged scope; 0 keeps none. */
  sipRetrievalCache: setting('MEMCTX_SIP_RETRIEVAL_CACHE', wholeNumber(0, 1_000_000).default(1_000)),
  /** Absent: the filesystem connector is not offered. */
  fsConnectorRoot: setting('MEMCTX_FS_CONNECTOR_ROOT', z.string().trim().min(1).optional()),
  webConnectorAllowPrivate: setting('MEMCTX_WEB_CONNECTOR_ALLOW_PRIVATE', onOff().default(false)),
  webConnectorAllowHosts: setting('MEMCTX_WEB_CONNECTOR_ALLOW_HOSTS', hostList().default([])),
  webConnectorTimeoutMs: setting('MEMCTX_WEB_CONNECTOR_TIMEOUT_MS', wholeNumber(100, 600_000).default(20_000)),
  parseTimeoutMs: setting('MEMCTX_PARSE_TIMEOUT_MS', wholeNumber(100, 600_000).default(30_000)),
  parseMaxMemoryMb: setting('MEMCTX_PARSE_MAX_MEMORY_MB', wholeNumber(32, 16_384).default(256)),
  githubApiUrl: setting('MEMCTX_GITHUB_API_URL', serviceUrl(['http:', 'https:'], 'https://api.github.com').default('https://api.github.com')),
  /** Seals connector credentials and wraps session keys, so every process needs the same one; absent: per-process and unwrapped. */
  credentialsKey: setting(
    'MEMCTX_CREDENTIALS_KEY',
    z.string().trim().regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, { error: 'must be 32 bytes as 64 hex characters or base64' }).optional(),
    { secret: true },
  ),
  connectorIngestWaitMs: setting('MEMCTX_CONNECTOR_INGEST_WAIT_MS', wholeNumber(0, 300_000).default(15_000)),
  workerConcurrency: setting('MEMCTX_WORKER_CONCURRENCY', wholeNumber(1, 64).default(2)),
  documentMaxBytes: setting('MEMCTX_DOCUMENT_MAX_BYTES', byteSize().transform((size) => size.bytes).default(20 * 1024 ** 2)),
  /** How long before another worker takes over a crashed worker's job. */
  jobLockMs: setting('MEMCTX_JOB_LOCK_MS', wholeNumber(1_000, 3_600_000).default(30_000)),
  /** Deployments sharing one Redis need distinct names. */
  queueName: setting(
    'MEMCTX_QUEUE_NAME',
    z.string().trim().regex(/^[A-Za-z0-9_.-]{1,100}$/, { error: 'must be 1 to 100 letters, digits, ".", "-" or "_"' }).default('memctx-documents'),
  ),
  /** Required by the relay role and the kafka projector source. */
  kafkaBrokers: setting('MEMCTX_KAFKA_BROKERS', brokerList().default([])),
  kafkaTopic: setting('MEMCTX_KAFKA_TOPIC', kafkaName().default('memctx.events.v1')),
  /** Partitions the relay creates the topic with: the most projector instances that can share the work. */
  kafkaPartitions: setting('MEMCTX_KAFKA_PARTITIONS', wholeNumber(1, 10_000).default(12)),
  kafkaGroup: setting('MEMCTX_KAFKA_GROUP', kafkaName().default('memctx-projector')),
  projectorSource: setting('MEMCTX_PROJECTOR_SOURCE', oneOf(PROJECTOR_SOURCES).default('feed')),
  idempotencyTtlSeconds: setting('MEMCTX_IDEMPOTENCY_TTL_SECONDS', wholeNumber(1, THIRTY_DAYS_SECONDS).default(24 * 60 * 60)),
  /** How long a concurrent duplicate waits for the first request's outcome before a 409. */
  idempotencyWaitMs: setting('MEMCTX_IDEMPOTENCY_WAIT_MS', wholeNumber(0, 60_000).default(5_000)),
  /** Absent: /metrics is open. */
  metricsToken: setting('MEMCTX_METRICS_TOKEN', token(MIN_TOKEN_LENGTH).optional(), { secret: true }),
  /** Where a process without the api role serves /metrics and /health; absent: a free port, logged at start. */
  metricsPort: setting('MEMCTX_METRICS_PORT', wholeNumber(0, 65535).optional()),
} satisfies Record<string, Setting>;

type Settings = typeof SETTINGS;
type Parsed<K extends keyof Settings> = z.output<Settings[K]['schema']>;
type Required<K extends keyof Settings> = undefined extends Parsed<K> ? never : K;
type Optional<K extends keyof Settings> = undefined extends Parsed<K> ? K : never;

/** The settings as parsed: a setting without a default is an optional field. */
export type SettingValues = { readonly [K in keyof Settings as Required<K>]: Parsed<K> } & {
  readonly [K in keyof Settings as Optional<K>]?: Exclude<Parsed<K>, undefined>;
};
