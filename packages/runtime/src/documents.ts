import {
  chunkDocument, createConnectorRegistry, createDocumentParser, defaultConnectors, isPermanent, type ConnectorRegistry, type ParsedDocument,
} from '@memctx/connectors';
import type { Db } from '@memctx/db';
import {
  createBullmqDocumentQueue, createCredentialStore, createDocumentHandler, createInProcessDocumentQueue, credentialsKey,
  migrateCredentialStore, migrateDispatcher, runDispatcher, type CredentialStore, type DocumentQueue, type DocumentSteps,
} from '@memctx/ingestion';
import type { Config, Logger } from '@memctx/shared';
import { Histogram, type Registry } from 'prom-client';
import type { Runtime } from './runtime.js';

/** Connectors and the document pipeline's shared parts: what the API needs to accept a document and the worker to process it. */
export interface Documents {
  connectors: ConnectorRegistry;
  credentials: CredentialStore;
  queue: DocumentQueue;
}

export async function openDocuments(config: Config, db: Db, logger: Logger): Promise<Documents> {
  await migrateCredentialStore(db);
  await migrateDispatcher(db);
  const key = credentialsKey(config.credentialsKey);
  if (key.ephemeral && !(config.roles.includes('api') && config.roles.includes('worker'))) {
    logger.warn('MEMCTX_CREDENTIALS_KEY is not set: connector credentials sealed by this process cannot be opened by another one');
  }
  return {
    connectors: createConnectorRegistry(
      defaultConnectors({
        fsRoot: config.fsConnectorRoot, allowPrivateWeb: config.webConnectorAllowPrivate, allowWebHosts: config.webConnectorAllowHosts,
        webTimeoutMs: config.webConnectorTimeoutMs, githubBaseUrl: config.githubApiUrl, maxBytes: config.documentMaxBytes,
      }),
    ),
    credentials: createCredentialStore(db, key.key),
    // Without Redis (the embedded default) jobs run in this process.
    queue: config.redisUrl ? createBullmqDocumentQueue({ redisUrl: config.redisUrl, name: config.queueName, lockDurationMs: config.jobLockMs }) : createInProcessDocumentQueue(),
  };
}

/**
 * The worker role's document part: the dispatcher turns requests in the feed into
 * jobs, the worker runs them. Sources still pending at start (a job lost with a
 * crashed in-process queue) are queued again; the per-request job id keeps that
 * from doubling work.
 */
export async function startDocumentWorker(runtime: Runtime, metrics: Registry): Promise<() => Promise<void>> {
  const stepSeconds = new Histogram({
    name: 'memctx_document_step_seconds',
    help: 'Seconds per document in each step of the ingest pipeline (fetch, parse, chunk, embed, store).',
    labelNames: ['step'],
    buckets: [0.005, 0.025, 0.1, 0.5, 1, 2.5, 10, 30],
    registers: [metrics],
  });
  const { documents, db, logger } = runtime;
  // One parse thread per concurrent job stays warm; a thread that hits a limit is replaced.
  const parser = createDocumentParser({
    timeoutMs: runtime.config.parseTimeoutMs, maxMemoryMb: runtime.config.parseMaxMemoryMb, poolSize: runtime.config.workerConcurrency,
  });
  const steps: DocumentSteps<ParsedDocument> = {
    async fetch(type, credentials, externalId) {
      const connector = documents.connectors.get(type);
      if (!connector) throw new Error(`connector ${type} is not offered here`);
      const parsed = connector.credentials.parse(credentials);
      const document = await connector.fetch(parsed, externalId);
      return { title: document.title, mime_type: document.mime_type, source_url: document.source_url || null, content: document.content };
    },
    parse: (input) => parser.parse(input),
    chunk: (parsed) => chunkDocument(parsed.text, { blocks: parsed.blocks }),
    isPermanent,
  };
  const handler = createDocumentHandler({
    service: runtime.service,
    credentials: documents.credentials,
    steps,
    embedder: runtime.embedder,
    onTimings: (timings) => Object.entries(timings).forEach(([step, seconds]) => stepSeconds.observe({ step }, seconds)),
  });
  const worker = await documents.queue.work(handler.handle, async (job, reason) => {
    logger.warn({ source_id: job.sourceId, request_id: job.requestId, reason }, 'document ingest failed');
    await handler.failed(job, reason);
  }, { concurrency: runtime.config.workerConcurrency });
  const dispatcher = runDispatcher(db, runtime.store, documents.queue, {
    onError: (error) => logger.warn({ err: error }, 'could not queue document jobs yet; they wait in the event store'),
  });
  const requeue = (olderThanSeconds: number) =>
    requeuePending(db, documents.queue, olderThanSeconds).catch((error: unknown) => logger.warn({ err: error }, 'could not requeue pending sources'));
  await requeue(0);
  // A Redis that lost its data (no persistence) loses queued jobs too; pending sources that sat for a while are queued again.
  const sweep = setInterval(() => void requeue(REQUEUE_AFTER_SECONDS), REQUEUE_AFTER_SECONDS * 1000);
  sweep.unref();
  return async () => {
    clearInterval(sweep);
    await dispatcher.stop();
    await worker.close();
    await documents.queue.close();
    await parser.close();
  };
}

const REQUEUE_AFTER_SECONDS = 60;

async function requeuePending(db: Db, queue: DocumentQueue, olderThanSeconds: number): Promise<void> {
  const { rows } = await db.query<{ user_id: string; source_id: string; request_id: string; source_type: string; external_id: string }>(
    `SELECT user_id, source_id, request_id, source_type, external_id FROM sources
     WHERE ingest_status = 'pending' AND updated_at < now() - make_interval(secs => $1)`,
    [olderThanSeconds],
  );
  for (const row of rows) {
    await queue.add({ userId: row.user_id, sourceId: row.source_id, requestId: row.request_id, connectorType: row.source_type, externalId: row.external_id });
  }
}
