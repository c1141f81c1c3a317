import { wakeableSleep } from '@memctx/shared';
import { checkpointOf, type EventStore, type SubscribeOptions, type Subscription } from './types.js';

/**
 * A subscription is a poll loop over readAll. The append notification only
 * cuts a wait short: order and completeness come from the checkpoint, so a
 * lost or coalesced notification costs at most one poll interval.
 */
export function pollingSubscription(store: Pick<EventStore, 'readAll' | 'onAppended'>, options: SubscribeOptions): Subscription {
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  let stopped = false;
  const nap = wakeableSleep();
  // After a notification some events may not be readable yet: a transaction still running anywhere
  // in the cluster, even in another database, holds the xmin gate. So re-poll soon after each one,
  // backing off to the poll interval, rather than wait a whole interval for them. The start counts as
  // one: events appended just before it may be held back the same way, and no notification follows them.
  let retryMs = 10;

  const done = (async () => {
    const unlisten = await store.onAppended(() => nap.wake());
    try {
      let after = options.after;
      while (!stopped) {
        if (nap.clear()) retryMs = 10;
        const events = await store.readAll({ after, maxCount: batchSize });
        if (events.length > 0 && !stopped) {
          await options.onBatch(events);
          after = checkpointOf(events[events.length - 1]!);
        }
        if (events.length === batchSize) continue;
        if (retryMs > 0 && retryMs < pollIntervalMs) {
          await nap.sleep(retryMs);
          retryMs *= 2;
        } else {
          retryMs = 0;
          await nap.sleep(pollIntervalMs);
        }
      }
    } finally {
      await unlisten();
    }
  })();

  return {
    done,
    async stop() {
      stopped = true;
      nap.wake();
      await done.catch(() => undefined);
    },
  };
}
