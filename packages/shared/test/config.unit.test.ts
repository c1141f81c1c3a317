import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CONFIG_VARIABLES, ConfigError, loadConfig, unknownVariableWarnings } from '../src/index.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message.split('\n');
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      embedded: true,
      databasePoolSize: 10,
      dataDir: '.memctx/data',
      eventStore: 'postgres',
      kurrentDbUrl: undefined,
      redisUrl: undefined,
      adminToken: undefined,
      dailyIngestQuota: 10_000,
      readYourWritesTimeoutMs: 2_000,
      sessionRetentionSeconds: 2_592_000,
      purgeIntervalSeconds: 60,
      projectorBatchSize: 1000,
      projectorGatherMs: 100,
      maxInFlight: 64,
      admissionWaitMs: 50,
      shedLatencyFactor: 0,
      shedQueueMs: 0,
      commitQueueMax: 1024,
      bodyLimit: '1mb',
      bodyLimitBytes: 1_048_576,
      logLevel: 'info',
      roles: ['api', 'projector', 'worker'],
      modelsDir: 'models',
      embeddingModel: 'Xenova/all-MiniLM-L6-v2',
      embeddings: true,
      allowRemoteModels: false,
      embeddingsUrl: undefined,
      embeddingsApiKey: undefined,
      embeddingsBatchSize: 64,
      embeddingsTimeoutMs: 10_000,
      embeddingsRetries: 4,
      embedReplies: true,
      embeddingMaxTokens: undefined,
      embeddingThreads: 1,
      embeddingWorkerThreads: 2,
      sipTokenBudget: 1500,
      sipAbstainBelow: undefined,
      sipVectorDepth: 50,
      sipRetrievalCache: 1_000,
      fsConnectorRoot: undefined,
      webConnectorAllowPrivate: false,
      webConnectorAllowHosts: [],
      webConnectorTimeoutMs: 20_000,
      parseTimeoutMs: 30_000,
      parseMaxMemoryMb: 256,
      githubApiUrl: 'https://api.github.com',
      credentialsKey: undefined,
      connectorIngestWaitMs: 15_000,
      workerConcurrency: 2,
      documentMaxBytes: 20 * 1024 * 1024,
      jobLockMs: 30_000,
      queueName: 'memctx-documents',
      kafkaBrokers: [],
      kafkaTopic: 'memctx.events.v1',
      kafkaPartitions: 12,
      kafkaGroup: 'memctx-projector',
      projectorSource: 'feed',
      idempotencyTtlSeconds: 86_400,
      idempotencyWaitMs: 5_000,
      metricsToken: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      MEMCTX_DATABASE_URL: 'postgresql://memctx:secret@db:5432/memctx',
      MEMCTX_DATABASE_POOL_SIZE: '25',
      MEMCTX_DATA_DIR: '/var/lib/memctx',
      REDIS_URL: 'redis://redis:6379',
      MEMCTX_EVENT_STORE: ' KurrentDB',
      KURRENTDB_URL: 'esdb://admin:changeit@kurrent:2113?tls=false',
      MEMCTX_ADMIN_TOKEN: 'a-long-enough-admin-token',
      MEMCTX_DAILY_INGEST_QUOTA: '50',
      MEMCTX_READ_YOUR_WRITES_TIMEOUT_MS: '0',
      MEMCTX_SESSION_RETENTION_SECONDS: '60',
      MEMCTX_PURGE_INTERVAL_SECONDS: '5',
      MEMCTX_PROJECTOR_BATCH_SIZE: '250',
      MEMCTX_PROJECTOR_GATHER_MS: '0',
      MEMCTX_MAX_IN_FLIGHT: '200',
      MEMCTX_ADMISSION_WAIT_MS: '20',
      MEMCTX_SHED_LATENCY_FACTOR: '3',
      MEMCTX_SHED_QUEUE_MS: '250',
      MEMCTX_COMMIT_QUEUE_MAX: '0',
      MEMCTX_BODY_LIMIT: '512kb',
      MEMCTX_LOG_LEVEL: 'DEBUG',
      MEMCTX_ROLES: 'worker, api,worker,relay',
      MEMCTX_MODELS_DIR: '/models',
      MEMCTX_EMBEDDING_MODEL: 'BAAI/bge-small-en-v1.5',
      MEMCTX_EMBEDDINGS: 'off',
      MEMCTX_ALLOW_REMOTE_MODELS: '1',
      MEMCTX_EMBEDDINGS_URL: 'http://tei:8080',
      MEMCTX_EMBEDDINGS_API_KEY: 'sk-embeddings',
      MEMCTX_EMBEDDINGS_BATCH_SIZE: '16',
      MEMCTX_EMBEDDINGS_TIMEOUT_MS: '3000',
      MEMCTX_EMBEDDINGS_RETRIES: '2',
      MEMCTX_EMBED_REPLIES: 'off',
      MEMCTX_EMBEDDING_MAX_TOKENS: '128',
      MEMCTX_EMBEDDING_THREADS: '2',
      MEMCTX_EMBEDDING_WORKER_THREADS: '3',
      MEMCTX_SIP_TOKEN_BUDGET: '800',
      MEMCTX_SIP_ABSTAIN_BELOW: '0.6',
      MEMCTX_SIP_VECTOR_DEPTH: '40',
        MEMCTX_SIP_RETRIEVAL_CACHE: '0',
      MEMCTX_FS_CONNECTOR_ROOT: '/srv/docs',
      MEMCTX_WEB_CONNECTOR_ALLOW_PRIVATE: 'on',
      MEMCTX_WEB_CONNECTOR_ALLOW_HOSTS: ' Wiki.Internal, docs.corp ,',
      MEMCTX_WEB_CONNECTOR_TIMEOUT_MS: '5000',
      MEMCTX_PARSE_TIMEOUT_MS: '12000',
      MEMCTX_PARSE_MAX_MEMORY_MB: '512',
      MEMCTX_GITHUB_API_URL: 'http://127.0.0.1:9999',
      MEMCTX_CREDENTIALS_KEY: 'a'.repeat(64),
      MEMCTX_CONNECTOR_INGEST_WAIT_MS: '500',
      MEMCTX_WORKER_CONCURRENCY: '4',
      MEMCTX_DOCUMENT_MAX_BYTES: '64kb',
      MEMCTX_JOB_LOCK_MS: '2000',
      MEMCTX_QUEUE_NAME: 'tenant-a.docs',
      MEMCTX_KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092',
      MEMCTX_KAFKA_TOPIC: 'tenant-a.events',
      MEMCTX_KAFKA_PARTITIONS: '4',
      MEMCTX_KAFKA_GROUP: 'tenant-a.projector',
      MEMCTX_PROJECTOR_SOURCE: 'KAFKA',
      MEMCTX_IDEMPOTENCY_TTL_SECONDS: '600',
      MEMCTX_IDEMPOTENCY_WAIT_MS: '250',
      MEMCTX_METRICS_TOKEN: 'a-long-enough-metrics-token',
    });
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://memctx:secret@db:5432/memctx',
      embedded: false,
      databasePoolSize: 25,
      dataDir: '/var/lib/memctx',
      eventStore: 'kurrentdb',
      kurrentDbUrl: 'esdb://admin:changeit@kurrent:2113?tls=false',
      redisUrl: 'redis://redis:6379',
      adminToken: 'a-long-enough-admin-token',
      dailyIngestQuota: 50,
      readYourWritesTimeoutMs: 0,
      sessionRetentionSeconds: 60,
      purgeIntervalSeconds: 5,
      projectorBatchSize: 250,
      projectorGatherMs: 0,
      maxInFlight: 200,
      admissionWaitMs: 20,
      shedLatencyFactor: 3,
      shedQueueMs: 250,
      commitQueueMax: 0,
      bodyLimit: '512kb',
      bodyLimitBytes: 524_288,
      logLevel: 'debug',
      roles: ['worker', 'api', 'relay'],
      modelsDir: '/models',
      embeddingModel: 'BAAI/bge-small-en-v1.5',
      embeddings: false,
      allowRemoteModels: true,
      embeddingsUrl: 'http://tei:8080',
      embeddingsApiKey: 'sk-embeddings',
      embeddingsBatchSize: 16,
      embeddingsTimeoutMs: 3000,
      embeddingsRetries: 2,
      embedReplies: false,
      embeddingMaxTokens: 128,
      embeddingThreads: 2,
      embeddingWorkerThreads: 3,
      sipTokenBudget: 800,
      sipAbstainBelow: 0.6,
      sipVectorDepth: 40,
      sipRetrievalCache: 0,
      fsConnectorRoot: '/srv/docs',
      webConnectorAllowPrivate: true,
      webConnectorAllowHosts: ['wiki.internal', 'docs.corp'],
      webConnectorTimeoutMs: 5000,
      parseTimeoutMs: 12000,
      parseMaxMemoryMb: 512,
      githubApiUrl: 'http://127.0.0.1:9999',
      credentialsKey: 'a'.repeat(64),
      connectorIngestWaitMs: 500,
      workerConcurrency: 4,
      documentMaxBytes: 65_536,
      jobLockMs: 2_000,
      queueName: 'tenant-a.docs',
      kafkaBrokers: ['kafka-1:9092', 'kafka-2:9092'],
      kafkaTopic: 'tenant-a.events',
      kafkaPartitions: 4,
      kafkaGroup: 'tenant-a.projector',
      projectorSource: 'kafka',
      idempotencyTtlSeconds: 600,
      idempotencyWaitMs: 250,
      metricsToken: 'a-long-enough-metrics-token',
    });
  });

  it('requires brokers for the relay role and the kafka projector source, and a server for the latter', () => {
    expect(problemsOf({ MEMCTX_ROLES: 'relay' })).toEqual(['MEMCTX_KAFKA_BROKERS: required because MEMCTX_ROLES includes relay (got undefined)']);
    expect(problemsOf({ MEMCTX_DATABASE_URL: 'postgres://h/db', MEMCTX_PROJECTOR_SOURCE: 'kafka' })).toEqual([
      'MEMCTX_KAFKA_BROKERS: required because MEMCTX_PROJECTOR_SOURCE is kafka (got undefined)',
    ]);
    expect(problemsOf({ MEMCTX_PROJECTOR_SOURCE: 'kafka', MEMCTX_KAFKA_BROKERS: 'k:9092' })[0]).toMatch(/^MEMCTX_PROJECTOR_SOURCE: kafka needs a PostgreSQL server/);
    expect(problemsOf({ MEMCTX_KAFKA_BROKERS: 'no-port', MEMCTX_PROJECTOR_SOURCE: 'log' })).toEqual([
      'MEMCTX_KAFKA_BROKERS: must be a comma-separated list of host:port, e.g. kafka:9092 (got "no-port")',
      'MEMCTX_PROJECTOR_SOURCE: must be one of feed, kafka (got "log")',
    ]);
  });

  it('needs KurrentDB\'s address and a PostgreSQL server beside it for MEMCTX_EVENT_STORE=kurrentdb', () => {
    const server = { MEMCTX_DATABASE_URL: 'postgres://h/db' };
    expect(problemsOf({ ...server, MEMCTX_EVENT_STORE: 'kurrentdb' })).toEqual([
      'KURRENTDB_URL: required because MEMCTX_EVENT_STORE is kurrentdb, e.g. kurrentdb://host:2113?tls=false (got undefined)',
    ]);
    expect(problemsOf({ MEMCTX_EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://k:2113' })[0]).toMatch(/^MEMCTX_EVENT_STORE: kurrentdb needs a PostgreSQL server/);
    expect(problemsOf({ ...server, MEMCTX_EVENT_STORE: 'eventstore', KURRENTDB_URL: 'http://admin:pw@k:2113' })).toEqual([
      'MEMCTX_EVENT_STORE: must be one of postgres, kurrentdb (got "eventstore")',
      'KURRENTDB_URL: must be a URL like kurrentdb://host:2113?tls=false (value not shown)',
    ]);
    expect(loadConfig({ ...server, MEMCTX_EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb+discover://a:2113,b:2113' }).eventStore).toBe('kurrentdb');
  });

  it('warns about each unknown MEMCTX_ variable with the closest setting, and ignores tool variables', () => {
    const warnings: string[] = [];
    const config = loadConfig({
      MEMCTX_EMBED_FULL_EXCHANGE: 'on',
      MEMCTX_LOGLEVEL: 'debug',
      MEMCTX_DATABSE_URL: 'postgres://h/db',
      MEMCTX_URL: 'http://localhost:8080',
      MEMCTX_API_KEY: 'k',
      MEMCTX_TEST_DATABASE_URL: 'postgres://h/t',
      MEMCTX_BENCH_SECONDS: '5',
      KURRENTDB_URL: 'kurrentdb://k:2113',
      UNRELATED: 'x',
    }, { onWarning: (line) => warnings.push(line) });
    expect(warnings).toEqual([
      'MEMCTX_DATABSE_URL is not a memctx setting (did you mean MEMCTX_DATABASE_URL?)',
      'MEMCTX_EMBED_FULL_EXCHANGE is not a memctx setting (did you mean MEMCTX_EMBED_REPLIES?)',
      'MEMCTX_LOGLEVEL is not a memctx setting (did you mean MEMCTX_LOG_LEVEL?)',
    ]);
    // A warning, not an error: the process starts on the defaults.
    expect(config.logLevel).toBe('info');
    expect(unknownVariableWarnings({ MEMCTX_ROLES: 'api', PORT: '1' })).toEqual([]);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', MEMCTX_DATABASE_URL: ' ', MEMCTX_ADMIN_TOKEN: '' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminToken).toBeUndefined();
  });

  it('accepts a body limit in plain bytes', () => {
    expect(loadConfig({ MEMCTX_BODY_LIMIT: '2048' }).bodyLimitBytes).toBe(2048);
  });

  it('lists every bad variable, one line each', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      MEMCTX_DATABASE_URL: 'mysql://root:hunter2@db/memctx',
      REDIS_URL: 'not a url',
      MEMCTX_ADMIN_TOKEN: 'short',
      MEMCTX_DAILY_INGEST_QUOTA: '0',
      MEMCTX_READ_YOUR_WRITES_TIMEOUT_MS: '-5',
      MEMCTX_SESSION_RETENTION_SECONDS: '1.5',
      MEMCTX_BODY_LIMIT: 'lots',
      MEMCTX_LOG_LEVEL: 'loud',
      MEMCTX_ROLES: 'api,web,cook',
    });
    expect(problems).toEqual([
      'PORT: must be a whole number from 0 to 65535 (got "eighty")',
      'MEMCTX_DATABASE_URL: must be a URL like postgres://user:password@host:5432/memctx (value not shown)',
      'REDIS_URL: must be a URL like redis://host:6379 (value not shown)',
      'MEMCTX_ADMIN_TOKEN: must be at least 16 characters (value not shown)',
      'MEMCTX_DAILY_INGEST_QUOTA: must be a whole number 1 or more (got "0")',
      'MEMCTX_READ_YOUR_WRITES_TIMEOUT_MS: must be a whole number from 0 to 60000 (got "-5")',
      'MEMCTX_SESSION_RETENTION_SECONDS: must be a whole number 1 or more (got "1.5")',
      'MEMCTX_BODY_LIMIT: must be a size such as 512kb, 1mb or 1048576 (bytes), at most 1gb (got "lots")',
      'MEMCTX_LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'MEMCTX_ROLES: must be a comma-separated list of api, projector, worker, relay (got "api,web,cook")',
    ]);
  });

  it('rejects a host list with something other than host names, and parse bounds out of range', () => {
    expect(problemsOf({ MEMCTX_WEB_CONNECTOR_ALLOW_HOSTS: 'wiki.internal,http://x/', MEMCTX_PARSE_MAX_MEMORY_MB: '8', MEMCTX_WEB_CONNECTOR_TIMEOUT_MS: '50' })).toEqual([
      'MEMCTX_WEB_CONNECTOR_ALLOW_HOSTS: must be a comma-separated list of host names, e.g. wiki.internal,docs.corp (got "wiki.internal,http://x/")',
      'MEMCTX_WEB_CONNECTOR_TIMEOUT_MS: must be a whole number from 100 to 600000 (got "50")',
      'MEMCTX_PARSE_MAX_MEMORY_MB: must be a whole number from 32 to 16384 (got "8")',
    ]);
  });

  it('never echoes secrets in its messages', () => {
    const message = problemsOf({ MEMCTX_DATABASE_URL: 'mysql://root:hunter2@db/x', MEMCTX_ADMIN_TOKEN: 'tiny-secret', MEMCTX_METRICS_TOKEN: 'metrics-sec' }).join('\n');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('tiny-secret');
    expect(message).toContain('MEMCTX_METRICS_TOKEN: must be at least 16 characters (value not shown)');
  });

  it('rejects out-of-range numbers and an empty role list', () => {
    expect(problemsOf({ PORT: '70000', MEMCTX_ROLES: ',', MEMCTX_BODY_LIMIT: '2gb' })).toEqual([
      'PORT: must be a whole number from 0 to 65535 (got "70000")',
      'MEMCTX_BODY_LIMIT: must be a size such as 512kb, 1mb or 1048576 (bytes), at most 1gb (got "2gb")',
      'MEMCTX_ROLES: must be a comma-separated list of api, projector, worker, relay (got ",")',
    ]);
  });

  it('rejects a similarity outside 0..1 and an unknown switch value', () => {
    expect(problemsOf({ MEMCTX_SIP_ABSTAIN_BELOW: '1.5', MEMCTX_EMBEDDINGS: 'maybe' })).toEqual([
      'MEMCTX_EMBEDDINGS: must be one of on, off, true, false, 1, 0 (got "maybe")',
      'MEMCTX_SIP_ABSTAIN_BELOW: must be a number from 0 to 1 (got "1.5")',
    ]);
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(loadConfig({}))).toBe(true);
  });
});

describe('the README', () => {
  it('documents every variable', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    expect(CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
