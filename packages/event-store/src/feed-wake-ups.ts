import type { ProcessorLoopOptions } from '@memctx/shared';
import type { EventStore } from './types.js';

const SETTLE_WINDOW_MS = 500;
const SETTLE_RETRY_MS = 5;

/**
 * How a processor loop that follows the feed sleeps: the append notification cuts a sleep short, and
 * for a short while after one it looks again soon instead of sleeping the full idle wait. A NOTIFY can
 * arrive before its events are readable: the feed holds them back while an older transaction (another
 * writer, another processor's batch) is still open anywhere in the cluster.
 */
export function feedWakeUps(store: Pick<EventStore, 'onAppended'>, idleWaitMs: number): Pick<ProcessorLoopOptions, 'idleWaitMs' | 'wakeOn'> {
  let notifiedAt = 0;
  return {
    idleWaitMs: () => (Date.now() - notifiedAt < SETTLE_WINDOW_MS ? SETTLE_RETRY_MS : idleWaitMs),
    wakeOn: (wake) =>
      store.onAppended(() => {
        notifiedAt = Date.now();
        wake();
      }),
  };
}
