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
  // Set by a notification that arrives while a read is in flight, so the next wait is skipped.
  let woken = false;
  let wake: (() => void) | undefined;
  // After a notification some events may not be readable yet: a transaction still running anywhere
  // in the cluster, even in another database, holds the xmin gate. So re-poll soon after each one,
  // backing off to the poll interval, rather than wait a whole interval for them.
  let retryMs = 0;

  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(end, ms);
      function end() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = end;
    });

  const done = (async () => {
    const unlisten = await store.onAppended(() => {
      woken = true;
      wake?.();
    });
    try {
      let after = options.after;
      while (!stopped) {
        if (woken) retryMs = 10;
        woken = false;
        const events = await store.readAll({ after, maxCount: batchSize });
        if (events.length > 0 && !stopped) {
          await options.onBatch(events);
          after = checkpointOf(events[events.length - 1]!);
        }
        if (events.length === batchSize) continue;
        if (retryMs > 0 && retryMs < pollIntervalMs) {
          await nap(retryMs);
          retryMs *= 2;
        } else {
          retryMs = 0;
          await nap(pollIntervalMs);
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
      wake?.();
      await done.catch(() => undefined);
    },
  };
}
