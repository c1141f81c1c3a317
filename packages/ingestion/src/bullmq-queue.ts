import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { DependencyUnavailableError, settingDefault } from '@memctx/shared';
import { PermanentJobError, RETRY, type DocumentJob, type DocumentQueue } from './jobs.js';
import { releaseOrphanedJobs, runningJobs } from './orphaned-jobs.js';

export interface BullmqQueueOptions {
  redisUrl: string;
  name?: string;
  /** How long a worker holds a job before others consider it stalled (a killed worker) and retry it. */
  lockDurationMs?: number;
  retry?: { attempts: number; backoffMs: number };
}

/**
 * Documents on BullMQ. The producer's connection does not queue commands while
 * Redis is away, so `add` fails fast and the dispatcher retries from its
 * checkpoint instead of blocking; jobs are keyed by request id, so a retried
 * add is one job.
 */
/** Closing waits for Redis; with Redis gone a shutdown must still end, so it is bounded. */
async function bounded(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function ready(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new DependencyUnavailableError('queue', `Redis is unavailable (connection ${redis.status}); the job waits in the event store`, true));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

/**
 * Redis back after an outage is found within half a second: ioredis's default spaces reconnect attempts up
 * to 2 s apart, and BullMQ's worker waits 15 s (`runRetryDelay`) after a failed fetch before its next one,
 * which left jobs sitting for seconds after a restart.
 */
const RECONNECT_CAP_MS = 500;
const retryStrategy = (times: number) => Math.min(times * 50, RECONNECT_CAP_MS);

export function createBullmqDocumentQueue(options: BullmqQueueOptions): DocumentQueue {
  const name = options.name ?? settingDefault('queueName');
  const retry = options.retry ?? RETRY;
  const lockMs = options.lockDurationMs ?? settingDefault('jobLockMs');
  const producer = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false, retryStrategy });
  let lastError: Error | undefined;
  producer.on('error', (error: Error) => {
    // Reported through the failed adds and `ping`; ioredis keeps reconnecting.
    lastError = error;
  });
  const reconnected = new Set<() => void>();
  let connectedBefore = false;
  producer.on('ready', () => {
    lastError = undefined;
    if (connectedBefore) for (const listener of reconnected) listener();
    connectedBefore = true;
  });
  const queue = new Queue<DocumentJob>(name, {
    connection: producer,
    defaultJobOptions: {
      attempts: retry.attempts,
      backoff: { type: 'exponential', delay: retry.backoffMs },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  });
  queue.on('error', () => {
    // Surfaces as a failed add.
  });
  const workers: Worker[] = [];
  return {
    async ping() {
      // The producer queues nothing while disconnected, so a PING fails at once rather than waiting for Redis.
      if (producer.status !== 'ready') throw new Error(`Redis does not answer: ${lastError?.message ?? `connection ${producer.status}`}`);
      await producer.ping();
      return 'redis answered PING';
    },
    onReconnect: (listener) => reconnected.add(listener),
    async add(job) {
      // BullMQ would wait for Redis indefinitely; the dispatcher would rather know and retry later.
      await ready(producer, 2_000);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DependencyUnavailableError('queue', 'Redis did not take the job within 5 s', false)), 5_000);
      });
      try {
        await Promise.race([queue.add('document', job, { jobId: job.requestId }), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async work(handler, onFailed, workOptions = {}) {
      const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, retryStrategy });
      connection.on('error', () => {
        // The worker resumes when Redis is back.
      });
      const running = runningJobs(lockMs);
      const worker = new Worker<DocumentJob>(
        name,
        async (job) => {
          if (job.id) running.started(job.id);
          try {
            await handler(job.data);
          } catch (error) {
            if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
            throw error;
          } finally {
            if (job.id) running.settled(job.id);
          }
        },
        {
          connection, concurrency: workOptions.concurrency ?? settingDefault('workerConcurrency'), lockDuration: lockMs, stalledInterval: lockMs,
          runRetryDelay: RECONNECT_CAP_MS,
        },
      );
      worker.on('completed', (job) => running.done(job.id ?? ''));
      worker.on('failed', (job, error) => {
        if (!job) return;
        running.done(job.id ?? '');
        const final = error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
        if (final) void onFailed(job.data, error.message);
      });
      worker.on('error', () => {
        // Connection errors; BullMQ retries them itself.
      });
      workers.push(worker);
      reconnected.add(() => void releaseOrphanedJobs({ queue, redis: producer, workerId: worker.id, running }).catch(() => undefined));
      return {
        async close() {
          if (!(await bounded(worker.close(), 5_000))) void worker.close(true).catch(() => undefined);
          connection.disconnect();
        },
      };
    },
    async close() {
      await Promise.all(workers.map((w) => bounded(w.close(), 5_000)));
      await bounded(queue.close(), 5_000);
      producer.disconnect();
    },
  };
}
