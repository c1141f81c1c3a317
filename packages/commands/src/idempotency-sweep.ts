import { scheduleJob, type Logger, type ScheduledJob } from '@memctx/shared';
import type { IdempotencyStore } from './idempotency.js';

/**
 * Deletes expired Idempotency-Keys every `intervalMs`. Expired keys are already
 * ignored when read, so this only reclaims space; several workers may run it.
 */
export function scheduleIdempotencySweep(store: Pick<IdempotencyStore, 'sweep'>, logger: Logger, intervalMs: number): ScheduledJob {
  return scheduleJob({
    intervalMs,
    async run() {
      const swept = await store.sweep();
      if (swept > 0) logger.info({ swept }, 'swept expired idempotency keys');
    },
    onError: (error) => logger.error({ err: error }, 'idempotency key sweep failed; will retry'),
  });
}
