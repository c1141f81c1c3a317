import { settingDefault } from '@memctx/shared';
import { PermanentJobError, RETRY, type DocumentJob, type DocumentQueue, type FailureHandler, type JobHandler } from './jobs.js';

/**
 * The embedded default (no Redis): jobs run in this process with the same
 * retry rules as on BullMQ. Nothing is lost on a crash all the same: the
 * dispatcher only moves its checkpoint past a request once the job is added,
 * and pending sources are re-added when the process starts (see dispatcher).
 */
export function createInProcessDocumentQueue(retry = RETRY): DocumentQueue {
  const seen = new Set<string>();
  const waiting: DocumentJob[] = [];
  const sleepers: Array<() => void> = [];
  const wakeAll = () => sleepers.splice(0).forEach((wake) => wake());
  let closed = false;
  return {
    // Lives and dies with this process.
    ping: async () => 'in-process',
    async add(job) {
      if (seen.has(job.requestId)) return;
      seen.add(job.requestId);
      waiting.push(job);
      wakeAll();
    },
    async work(handler: JobHandler, onFailed: FailureHandler, options = {}) {
      const runOne = async (job: DocumentJob) => {
        for (let attempt = 1; ; attempt++) {
          try {
            await handler(job);
            return;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            if (error instanceof PermanentJobError || attempt >= retry.attempts) return onFailed(job, message);
            await new Promise((r) => setTimeout(r, retry.backoffMs * 2 ** (attempt - 1)));
          }
        }
      };
      const loops = Array.from({ length: options.concurrency ?? settingDefault('workerConcurrency') }, async () => {
        while (!closed) {
          const job = waiting.shift();
          if (job) await runOne(job).catch(() => undefined);
          else await new Promise<void>((resolve) => sleepers.push(resolve));
        }
      });
      return {
        async close() {
          closed = true;
          wakeAll();
          await Promise.allSettled(loops);
        },
      };
    },
    async close() {
      closed = true;
      wakeAll();
    },
  };
}
