import { scheduleIdempotencySweep } from '@memctx/commands';
import { startDocumentWorker } from '@memctx/ingestion';
import type { RoleHandle, Runtime } from '@memctx/runtime';
import { schedulePurge } from './purge.js';

/** The worker role: the session purge, the idempotency-key sweep and the document pipeline. */
export async function startWorkerRole(runtime: Runtime): Promise<RoleHandle> {
  const { config, logger, db } = runtime;
  const intervalMs = config.purgeIntervalSeconds * 1000;
  const purge = schedulePurge({ db, service: runtime.service, logger, intervalMs });
  const sweep = scheduleIdempotencySweep(runtime.idempotency, logger, intervalMs);
  const stopDocuments = await startDocumentWorker({
    ...runtime.documents,
    db, store: runtime.store, service: runtime.service, embedder: runtime.embedder, logger, metrics: runtime.metrics,
    concurrency: config.workerConcurrency, parseTimeoutMs: config.parseTimeoutMs, parseMaxMemoryMb: config.parseMaxMemoryMb,
  });
  return {
    async stop() {
      await Promise.all([purge.stop(), sweep.stop(), stopDocuments()]);
    },
  };
}
