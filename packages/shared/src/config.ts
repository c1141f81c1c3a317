import { z } from 'zod';

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

/** Everything a memctx process reads from its environment, validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Absent: the embedded PGlite database under `dataDir`. */
  databaseUrl?: string;
  /** True when no database URL is set: PGlite and an in-process queue, no servers. */
  embedded: boolean;
  databasePoolSize: number;
  dataDir: string;
  /** Where events live: the PostgreSQL database (default) or a KurrentDB server; read models and session keys stay in PostgreSQL. */
  eventStore: EventStoreKind;
  /** The KurrentDB connection string; required with eventStore kurrentdb. */
  kurrentDbUrl?: string;
  /** Absent: the in-process job queue. */
  redisUrl?: string;
  /** Absent: the admin API answers 404 everywhere. */
  adminToken?: string;
  dailyIngestQuota: number;
  readYourWritesTimeoutMs: number;
  sessionRetentionSeconds: number;
  purgeIntervalSeconds: number;
  /** Events per projection transaction: larger batches replay faster, smaller ones show writes sooner. */
  projectorBatchSize: number;
  /** As written, e.g. "1mb", for messages; `bodyLimitBytes` is what the parser enforces. */
  bodyLimit: string;
  bodyLimitBytes: number;
  logLevel: LogLevel;
  roles: readonly Role[];
  /** Where model files live: <modelsDir>/<model id>/{onnx/model_quantized.onnx, tokenizer.json, ...}. */
  modelsDir: string;
  embeddingModel: string;
  /** Off: no model is loaded; SIP retrieval uses full text and recency only. */
  embeddings: boolean;
  /** Download model files from the Hugging Face hub when they are missing locally. */
  allowRemoteModels: boolean;
  /** Embed a round's reply as a second vector beside its user side (the spec's rule), so replies are found by meaning. */
  embedReplies: boolean;
  sipTokenBudget: number;
  /** Cosine similarity at which a cited record counts as evidence (grounded/abstain). */
  sipMinSimilarity: number;
  /** Share of the query's weight one turn of a cited record must state to count as evidence. */
  sipMinCoverage: number;
  /** The filesystem connector serves files under this directory; absent: the connector is not offered. */
  fsConnectorRoot?: string;
  /** Let the web connector fetch loopback, private and link-local addresses (tests, intranets). */
  webConnectorAllowPrivate: boolean;
  /** Host names the web connector may fetch even when they resolve to private addresses (intranet hosts). */
  webConnectorAllowHosts: readonly string[];
  /** The web connector's deadline for a whole fetch: redirects, headers and body. */
  webConnectorTimeoutMs: number;
  /** Wall-clock bound of parsing one PDF, DOCX or HTML document in its worker thread. */
  parseTimeoutMs: number;
  /** Heap bound (MB) of the worker thread a document is parsed in. */
  parseMaxMemoryMb: number;
  githubApiUrl: string;
  /**
   * 32-byte key sealing connector credentials between API and worker (absent: a per-process key), and wrapping
   * the per-session keys of crypto-shredding (absent: stored unwrapped), so every process needs the same one.
   */
  credentialsKey?: string;
  /** How long a connector ingest request waits for its document before answering 202. */
  connectorIngestWaitMs: number;
  workerConcurrency: number;
  /** Largest document a connector fetches. */
  documentMaxBytes: number;
  /** How long a worker holds a job before another takes it over (a crashed worker's job is retried after this). */
  jobLockMs: number;
  /** The BullMQ queue's name: deployments sharing one Redis need distinct names. */
  queueName: string;
  /** Kafka bootstrap brokers (host:port); required by the relay role and the kafka projector source. */
  kafkaBrokers: readonly string[];
  kafkaTopic: string;
  /** Partitions the relay creates the topic with when it is missing: the most projector instances that can share the work. */
  kafkaPartitions: number;
  /** The consumer group projectors share in kafka mode. */
  kafkaGroup: string;
  /** feed: projectors read the event store's feed; kafka: they consume the relay's topic in a consumer group. */
  projectorSource: ProjectorSource;
  /** How long an Idempotency-Key replays its first response; expired keys are swept by the worker role. */
  idempotencyTtlSeconds: number;
  /** How long a concurrent duplicate waits for the first request's outcome before a 409. */
  idempotencyWaitMs: number;
  /** Absent: /metrics is open; set: it needs `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Where a process without the api role serves /metrics and /health; absent: a free port, logged at start. */
  metricsPort?: number;
}

/** Thrown by `loadConfig`; the message holds one line per bad variable so an operator can fix them all at once. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;
const MIN_ADMIN_TOKEN_LENGTH = 16;

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  const expectation = { error: `must be a whole number ${range}` };
  return z
    .string()
    .trim()
    .regex(/^\d+$/, expectation)
    .transform(Number)
    .pipe(z.int(expectation).min(min, expectation).max(max, expectation));
}

/**
 * The schemes KurrentDB's client accepts, then one host or a comma-separated cluster (which URL cannot
 * parse), e.g. kurrentdb+discover://admin:changeit@a:2113,b:2113?tls=false.
 */
const KURRENTDB_URL_PATTERN = /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/([^@/?#\s]+@)?[A-Za-z0-9.\-[\]:]+(,[A-Za-z0-9.\-[\]:]+)*\/?(\?\S*)?$/i;

function serviceUrl(protocols: readonly string[], example: string) {
  const isServiceUrl = (value: string) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  };
  return z.string().refine(isServiceUrl, { error: `must be a URL like ${example}` });
}

const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const BODY_LIMIT_PATTERN = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;
const MAX_BODY_LIMIT_BYTES = 1024 ** 3;

function byteSize() {
  const expectation = { error: 'must be a size such as 512kb, 1mb or 1048576 (bytes), at most 1gb' };
  return z
    .string()
    .trim()
    .regex(BODY_LIMIT_PATTERN, expectation)
    .transform((text) => {
      const [, amount = '0', unit = 'b'] = BODY_LIMIT_PATTERN.exec(text) ?? [];
      return { text, bytes: Math.floor(Number(amount) * (BYTE_UNITS[unit.toLowerCase()] ?? 1)) };
    })
    .refine((size) => size.bytes >= 1 && size.bytes <= MAX_BODY_LIMIT_BYTES, expectation);
}

function unitInterval() {
  return z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: 'must be a number from 0 to 1' })
    .transform(Number);
}

function onOff() {
  const expectation = { error: 'must be one of on, off, true, false, 1, 0' };
  return z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['on', 'off', 'true', 'false', '1', '0'], expectation))
    .transform((value) => value === 'on' || value === 'true' || value === '1');
}

function roleList() {
  const expectation = { error: `must be a comma-separated list of ${ROLES.join(', ')}` };
  return z
    .string()
    .transform((text) => text.split(',').map((role) => role.trim().toLowerCase()))
    .pipe(z.array(z.enum(ROLES, expectation)).min(1, expectation))
    .transform((roles) => [...new Set(roles)]);
}

const environmentSchema = z.object({
  PORT: wholeNumber(0, 65535).default(8080),
  HOST: z.string().trim().default('0.0.0.0'),
  MEMCTX_DATABASE_URL: serviceUrl(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/memctx').optional(),
  MEMCTX_DATABASE_POOL_SIZE: wholeNumber(1, 1000).default(10),
  MEMCTX_DATA_DIR: z.string().default('.memctx/data'),
  REDIS_URL: serviceUrl(['redis:', 'rediss:'], 'redis://host:6379').optional(),
  MEMCTX_EVENT_STORE: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(EVENT_STORES, { error: `must be one of ${EVENT_STORES.join(', ')}` }))
    .default('postgres'),
  KURRENTDB_URL: z.string().trim().regex(KURRENTDB_URL_PATTERN, { error: 'must be a URL like kurrentdb://host:2113?tls=false' }).optional(),
  MEMCTX_ADMIN_TOKEN: z
    .string()
    .min(MIN_ADMIN_TOKEN_LENGTH, { error: `must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters` })
    .optional(),
  MEMCTX_DAILY_INGEST_QUOTA: wholeNumber(1).default(10_000),
  MEMCTX_READ_YOUR_WRITES_TIMEOUT_MS: wholeNumber(0, 60_000).default(2_000),
  MEMCTX_SESSION_RETENTION_SECONDS: wholeNumber(1).default(THIRTY_DAYS_SECONDS),
  MEMCTX_PURGE_INTERVAL_SECONDS: wholeNumber(1).default(60),
  MEMCTX_PROJECTOR_BATCH_SIZE: wholeNumber(1, 100_000).default(1_000),
  MEMCTX_BODY_LIMIT: byteSize().default({ text: '1mb', bytes: 1024 ** 2 }),
  MEMCTX_LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }))
    .default('info'),
  MEMCTX_ROLES: roleList().default([...DEFAULT_ROLES]),
  MEMCTX_MODELS_DIR: z.string().trim().min(1).default('models'),
  MEMCTX_EMBEDDING_MODEL: z.string().trim().min(1).default('BAAI/bge-small-en-v1.5'),
  MEMCTX_EMBEDDINGS: onOff().default(true),
  MEMCTX_ALLOW_REMOTE_MODELS: onOff().default(false),
  MEMCTX_EMBED_REPLIES: onOff().default(true),
  MEMCTX_SIP_TOKEN_BUDGET: wholeNumber(50, 100_000).default(1_500),
  MEMCTX_SIP_MIN_SIMILARITY: unitInterval().default(0.76),
  MEMCTX_SIP_MIN_COVERAGE: unitInterval().default(0.35),
  MEMCTX_FS_CONNECTOR_ROOT: z.string().trim().min(1).optional(),
  MEMCTX_WEB_CONNECTOR_ALLOW_PRIVATE: onOff().default(false),
  MEMCTX_WEB_CONNECTOR_ALLOW_HOSTS: hostList().default([]),
  MEMCTX_WEB_CONNECTOR_TIMEOUT_MS: wholeNumber(100, 600_000).default(20_000),
  MEMCTX_PARSE_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  MEMCTX_PARSE_MAX_MEMORY_MB: wholeNumber(32, 16_384).default(256),
  MEMCTX_GITHUB_API_URL: serviceUrl(['http:', 'https:'], 'https://api.github.com').default('https://api.github.com'),
  MEMCTX_CREDENTIALS_KEY: z
    .string()
    .trim()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, { error: 'must be 32 bytes as 64 hex characters or base64' })
    .optional(),
  MEMCTX_CONNECTOR_INGEST_WAIT_MS: wholeNumber(0, 300_000).default(15_000),
  MEMCTX_WORKER_CONCURRENCY: wholeNumber(1, 64).default(2),
  MEMCTX_DOCUMENT_MAX_BYTES: byteSize().default({ text: '20mb', bytes: 20 * 1024 ** 2 }),
  MEMCTX_JOB_LOCK_MS: wholeNumber(1_000, 3_600_000).default(30_000),
  MEMCTX_QUEUE_NAME: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,100}$/, { error: 'must be 1 to 100 letters, digits, ".", "-" or "_"' }).default('memctx-documents'),
  MEMCTX_KAFKA_BROKERS: brokerList().optional(),
  MEMCTX_KAFKA_TOPIC: kafkaName().default('memctx.events.v1'),
  MEMCTX_KAFKA_PARTITIONS: wholeNumber(1, 10_000).default(12),
  MEMCTX_KAFKA_GROUP: kafkaName().default('memctx-projector'),
  MEMCTX_PROJECTOR_SOURCE: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(PROJECTOR_SOURCES, { error: `must be one of ${PROJECTOR_SOURCES.join(', ')}` }))
    .default('feed'),
  MEMCTX_IDEMPOTENCY_TTL_SECONDS: wholeNumber(1, THIRTY_DAYS_SECONDS).default(24 * 60 * 60),
  MEMCTX_IDEMPOTENCY_WAIT_MS: wholeNumber(0, 60_000).default(5_000),
  MEMCTX_METRICS_TOKEN: z
    .string()
    .min(MIN_ADMIN_TOKEN_LENGTH, { error: `must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters` })
    .optional(),
  MEMCTX_METRICS_PORT: wholeNumber(0, 65535).optional(),
});

function hostList() {
  const expectation = { error: 'must be a comma-separated list of host names, e.g. wiki.internal,docs.corp' };
  return z
    .string()
    .transform((text) => text.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, expectation)));
}

function brokerList() {
  const expectation = { error: 'must be a comma-separated list of host:port, e.g. kafka:9092' };
  return z
    .string()
    .transform((text) => text.split(',').map((broker) => broker.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9A-Fa-f:]+\]:\d{1,5}$/, expectation)).min(1, expectation));
}

/** Kafka's rule for topic and group names we choose: letters, digits, '.', '_', '-'. */
function kafkaName() {
  return z.string().trim().regex(/^[A-Za-z0-9._-]{1,249}$/, { error: 'must be 1 to 249 letters, digits, ".", "_" or "-"' });
}

type VariableName = keyof typeof environmentSchema.shape;

// Their values end up in logs when start-up fails, so they are never echoed.
const SECRET_VARIABLES: ReadonlySet<string> = new Set<VariableName>(['MEMCTX_DATABASE_URL', 'REDIS_URL', 'KURRENTDB_URL', 'MEMCTX_ADMIN_TOKEN', 'MEMCTX_CREDENTIALS_KEY', 'MEMCTX_METRICS_TOKEN']);

export const CONFIG_VARIABLES = Object.keys(environmentSchema.shape) as readonly VariableName[];

/**
 * MEMCTX_ names read by memctx's tools rather than by the service (the CLI and client, tests, benchmarks,
 * the fuzz suite), so a shell that exports them for those is not warned about them.
 */
const TOOL_VARIABLES: ReadonlySet<string> = new Set(['MEMCTX_URL', 'MEMCTX_API_KEY', 'MEMCTX_DASHBOARD_SCREENSHOT', 'MEMCTX_CHROMIUM']);
const TOOL_PREFIXES = ['MEMCTX_TEST_', 'MEMCTX_BENCH_', 'MEMCTX_FUZZ_', 'MEMCTX_LOCOMO_'];
/** Settings that were renamed: the hint names the new one even when the spelling is far from it. */
const RENAMED: Readonly<Record<string, VariableName>> = { MEMCTX_EMBED_FULL_EXCHANGE: 'MEMCTX_EMBED_REPLIES' };

/**
 * One warning per MEMCTX_ variable that is no setting, with the closest known name: a misspelt
 * setting would otherwise silently keep its default.
 */
export function unknownVariableWarnings(env: Readonly<Record<string, string | undefined>>): string[] {
  const known = new Set<string>(CONFIG_VARIABLES);
  return Object.keys(env)
    .filter((name) => name.startsWith('MEMCTX_') && !known.has(name) && !TOOL_VARIABLES.has(name))
    .filter((name) => !TOOL_PREFIXES.some((prefix) => name.startsWith(prefix)))
    .sort()
    .map((name) => `${name} is not a memctx setting (did you mean ${RENAMED[name] ?? closestName(name)}?)`);
}

function closestName(name: string): string {
  const candidates = CONFIG_VARIABLES.filter((candidate) => candidate.startsWith('MEMCTX_'));
  let best: string = candidates[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Levenshtein distance; the names are short and few, so the plain two-row table is enough. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

export interface LoadConfigOptions {
  /** Told each warning (an unknown MEMCTX_ variable); defaults to a line on stderr. */
  onWarning?: (line: string) => void;
}

/**
 * Reads the configuration from environment variables. An empty variable counts as
 * unset, because `FOO=` in a compose file or shell usually means "no value".
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env, options: LoadConfigOptions = {}): Config {
  const warn = options.onWarning ?? ((line: string) => void process.stderr.write(`memctx: warning: ${line}\n`));
  for (const line of unknownVariableWarnings(env)) warn(line);
  const present = Object.fromEntries(
    CONFIG_VARIABLES.map((name) => [name, env[name]?.trim() === '' ? undefined : env[name]]),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(describeProblems(parsed.error.issues, present));
  const vars = parsed.data;
  const needsKafka = [
    ...(vars.MEMCTX_ROLES.includes('relay') ? ['MEMCTX_ROLES includes relay'] : []),
    ...(vars.MEMCTX_PROJECTOR_SOURCE === 'kafka' ? ['MEMCTX_PROJECTOR_SOURCE is kafka'] : []),
  ];
  if (needsKafka.length > 0 && !vars.MEMCTX_KAFKA_BROKERS) {
    throw new ConfigError([`MEMCTX_KAFKA_BROKERS: required because ${needsKafka.join(' and ')} (got undefined)`]);
  }
  if (vars.MEMCTX_EVENT_STORE === 'kurrentdb' && !vars.KURRENTDB_URL) {
    throw new ConfigError(['KURRENTDB_URL: required because MEMCTX_EVENT_STORE is kurrentdb, e.g. kurrentdb://host:2113?tls=false (got undefined)']);
  }
  if (vars.MEMCTX_EVENT_STORE === 'kurrentdb' && vars.MEMCTX_DATABASE_URL === undefined) {
    // The embedded mode is the no-server mode; read models, checkpoints and session keys need PostgreSQL beside KurrentDB.
    throw new ConfigError(['MEMCTX_EVENT_STORE: kurrentdb needs a PostgreSQL server (MEMCTX_DATABASE_URL) for read models and session keys; the embedded database keeps its own events (got "kurrentdb")']);
  }
  if (vars.MEMCTX_PROJECTOR_SOURCE === 'kafka' && vars.MEMCTX_DATABASE_URL === undefined) {
    throw new ConfigError(['MEMCTX_PROJECTOR_SOURCE: kafka needs a PostgreSQL server (MEMCTX_DATABASE_URL); the embedded database reads the feed (got "kafka")']);
  }
  return Object.freeze({
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.MEMCTX_DATABASE_URL,
    embedded: vars.MEMCTX_DATABASE_URL === undefined,
    databasePoolSize: vars.MEMCTX_DATABASE_POOL_SIZE,
    dataDir: vars.MEMCTX_DATA_DIR,
    eventStore: vars.MEMCTX_EVENT_STORE,
    kurrentDbUrl: vars.KURRENTDB_URL,
    redisUrl: vars.REDIS_URL,
    adminToken: vars.MEMCTX_ADMIN_TOKEN,
    dailyIngestQuota: vars.MEMCTX_DAILY_INGEST_QUOTA,
    readYourWritesTimeoutMs: vars.MEMCTX_READ_YOUR_WRITES_TIMEOUT_MS,
    sessionRetentionSeconds: vars.MEMCTX_SESSION_RETENTION_SECONDS,
    purgeIntervalSeconds: vars.MEMCTX_PURGE_INTERVAL_SECONDS,
    projectorBatchSize: vars.MEMCTX_PROJECTOR_BATCH_SIZE,
    bodyLimit: vars.MEMCTX_BODY_LIMIT.text,
    bodyLimitBytes: vars.MEMCTX_BODY_LIMIT.bytes,
    logLevel: vars.MEMCTX_LOG_LEVEL,
    roles: Object.freeze(vars.MEMCTX_ROLES),
    modelsDir: vars.MEMCTX_MODELS_DIR,
    embeddingModel: vars.MEMCTX_EMBEDDING_MODEL,
    embeddings: vars.MEMCTX_EMBEDDINGS,
    allowRemoteModels: vars.MEMCTX_ALLOW_REMOTE_MODELS,
    embedReplies: vars.MEMCTX_EMBED_REPLIES,
    sipTokenBudget: vars.MEMCTX_SIP_TOKEN_BUDGET,
    sipMinSimilarity: vars.MEMCTX_SIP_MIN_SIMILARITY,
    sipMinCoverage: vars.MEMCTX_SIP_MIN_COVERAGE,
    fsConnectorRoot: vars.MEMCTX_FS_CONNECTOR_ROOT,
    webConnectorAllowPrivate: vars.MEMCTX_WEB_CONNECTOR_ALLOW_PRIVATE,
    webConnectorAllowHosts: Object.freeze(vars.MEMCTX_WEB_CONNECTOR_ALLOW_HOSTS),
    webConnectorTimeoutMs: vars.MEMCTX_WEB_CONNECTOR_TIMEOUT_MS,
    parseTimeoutMs: vars.MEMCTX_PARSE_TIMEOUT_MS,
    parseMaxMemoryMb: vars.MEMCTX_PARSE_MAX_MEMORY_MB,
    githubApiUrl: vars.MEMCTX_GITHUB_API_URL,
    credentialsKey: vars.MEMCTX_CREDENTIALS_KEY,
    connectorIngestWaitMs: vars.MEMCTX_CONNECTOR_INGEST_WAIT_MS,
    workerConcurrency: vars.MEMCTX_WORKER_CONCURRENCY,
    documentMaxBytes: vars.MEMCTX_DOCUMENT_MAX_BYTES.bytes,
    jobLockMs: vars.MEMCTX_JOB_LOCK_MS,
    queueName: vars.MEMCTX_QUEUE_NAME,
    kafkaBrokers: Object.freeze(vars.MEMCTX_KAFKA_BROKERS ?? []),
    kafkaTopic: vars.MEMCTX_KAFKA_TOPIC,
    kafkaPartitions: vars.MEMCTX_KAFKA_PARTITIONS,
    kafkaGroup: vars.MEMCTX_KAFKA_GROUP,
    projectorSource: vars.MEMCTX_PROJECTOR_SOURCE,
    idempotencyTtlSeconds: vars.MEMCTX_IDEMPOTENCY_TTL_SECONDS,
    idempotencyWaitMs: vars.MEMCTX_IDEMPOTENCY_WAIT_MS,
    metricsToken: vars.MEMCTX_METRICS_TOKEN,
    metricsPort: vars.MEMCTX_METRICS_PORT,
  });
}

/** One line per bad variable: a list of roles with two unknown roles is still one problem. */
function describeProblems(issues: readonly z.core.$ZodIssue[], values: Record<string, string | undefined>): string[] {
  const problems = new Map<string, string>();
  for (const issue of issues) {
    const name = String(issue.path[0]);
    if (problems.has(name)) continue;
    const value = SECRET_VARIABLES.has(name) ? '(value not shown)' : `(got ${JSON.stringify(values[name])})`;
    problems.set(name, `${name}: ${issue.message} ${value}`);
  }
  return [...problems.values()];
}

/** The configuration with secrets masked, safe to log at start-up. */
export function describeConfig(config: Config): Record<string, unknown> {
  const maskPassword = (url: string | undefined) => {
    if (!url) return undefined;
    // A KurrentDB cluster address lists several hosts, which URL cannot parse.
    if (!URL.canParse(url)) return url.replace(/\/\/[^@/]*@/, '//***@');
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  };
  return {
    ...config,
    databaseUrl: maskPassword(config.databaseUrl),
    redisUrl: maskPassword(config.redisUrl),
    kurrentDbUrl: maskPassword(config.kurrentDbUrl),
    adminToken: config.adminToken ? '***' : undefined,
    credentialsKey: config.credentialsKey ? '***' : undefined,
    metricsToken: config.metricsToken ? '***' : undefined,
  };
}
