import { chunkDocument, createDocumentParser, isPermanent, type ConnectorRegistry, type ParsedDocument } from '@memctx/connectors';
import type { MemoryService } from '@memctx/commands';
import type { Db } from '@memctx/db';
import type { EventStore } from '@memctx/event-store';
import { pendingSources } from '@memctx/read-models';
import { scheduleJob, type Logger } from '@memctx/shared';
import { Histogram, type Registry } from 'prom-client';
import type { CredentialStore } from './credentials.js';
import { runDispatcher } from './dispatcher.js';
import type { DocumentQueue } from './jobs.js';
import { createDocumentHandler, type ChunkEmbedder, type DocumentSteps } from './process-document.js';

export interface DocumentWorkerDeps {
  db: Db;
  /** The feed the dispatcher reads document requests from. */
  store: EventStore;
  service: MemoryService;
  connectors: ConnectorRegistry;
  credentials: CredentialStore;
  queue: DocumentQueue;
  embedder?: ChunkEmbedder;
  logger: Logger;
  metrics: Registry;
  concurrency: number;
  parseTimeoutMs: number;
  parseMaxMemoryMb: number;
}

/**
 * The worker role's document part: the dispatcher turns requests in the feed into
 * jobs, the worker runs them. Sources still pending at start (a job lost with a
 * crashed in-process queue) are queued again; the per-request job id keeps that
 * from doubling work.
 */
export async function startDocumentWorker(deps: DocumentWorkerDeps): Promise<() => Promise<void>> {
  const { db, queue, logger } = deps;
  const stepSeconds = new Histogram({
    name: 'memctx_document_step_seconds',
    help: 'Seconds per document in each step of the ingest pipeline (fetch, parse, chunk, embed, store).',
    labelNames: ['step'],
    buckets: [0.005, 0.025, 0.1, 0.5, 1, 2.5, 10, 30],
    registers: [deps.metrics],
  });
  // One parse thread per concurrent job stays warm; a thread that hits a limit is replaced.
  const parser = createDocumentParser({ timeoutMs: deps.parseTimeoutMs, maxMemoryMb: deps.parseMaxMemoryMb, poolSize: deps.concurrency });
  const steps: DocumentSteps<ParsedDocument> = {
    async fetch(type, credentials, externalId) {
      const connector = deps.connectors.get(type);
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
    service: deps.service,
    credentials: deps.credentials,
    steps,
    embedder: deps.embedder,
    onTimings: (timings) => Object.entries(timings).forEach(([step, seconds]) => stepSeconds.observe({ step }, seconds)),
  });
  const worker = await queue.work(handler.handle, async (job, reason) => {
    logger.warn({ source_id: job.sourceId, request_id: job.requestId, reason }, 'document ingest failed');
    await handler.failed(job, reason);
  }, { concurrency: deps.concurrency });
  const dispatcher = runDispatcher(db, deps.store, queue, {
    onError: (error) => logger.warn({ err: error }, 'could not queue document jobs yet; they wait in the event store'),
  });
  const requeue = async (olderThanSeconds: number) => {
    for (const job of await pendingSources(db, olderThanSeconds)) await queue.add(job);
  };
  const requeueFailed = (error: unknown) => logger.warn({ err: error }, 'could not requeue pending sources');
  await requeue(0).catch(requeueFailed);
  // A Redis that lost its data (no persistence) loses queued jobs too; pending sources that sat for a while are queued again.
  const sweep = scheduleJob({
    intervalMs: REQUEUE_AFTER_SECONDS * 1000,
    runAtOnce: false,
    run: () => requeue(REQUEUE_AFTER_SECONDS),
    onError: requeueFailed,
  });
  // Redis back after a restart: every pending source at once (jobs are keyed by request, so one still held is not
  // added twice), rather than up to two sweep periods later.
  queue.onReconnect?.(() => void requeue(0).catch(requeueFailed));
  return async () => {
    await sweep.stop();
    await dispatcher.stop();
    await worker.close();
    await queue.close();
    await parser.close();
  };
}

const REQUEUE_AFTER_SECONDS = 60;
