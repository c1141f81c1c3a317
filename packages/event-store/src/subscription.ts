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

  const nap = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(end, pollIntervalMs);
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
        woken = false;
        const events = await store.readAll({ after, maxCount: batchSize });
        if (events.length > 0 && !stopped) {
          await options.onBatch(events);
          after = checkpointOf(events[events.length - 1]!);
        }
        if (events.length < batchSize) await nap();
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
