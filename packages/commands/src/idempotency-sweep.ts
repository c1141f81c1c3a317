import type { Logger } from '@memctx/shared';
import type { IdempotencyStore } from './idempotency.js';

/**
 * Deletes expired Idempotency-Keys every `intervalMs`. Expired keys are already
 * ignored when read, so this only reclaims space; several workers may run it.
 * Returns the stop function.
 */
export function scheduleIdempotencySweep(store: Pick<IdempotencyStore, 'sweep'>, logger: Logger, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = store
      .sweep()
      .then((swept) => swept > 0 && logger.info({ swept }, 'swept expired idempotency keys'))
      .catch((error: unknown) => logger.error({ err: error }, 'idempotency key sweep failed; will retry'));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
