import { checkpointOf, type EventStore, type SubscribeOptions, type Subscription } from './types.js';

/** A subscription is a poll loop over readAll that an append notification wakes early. */
export function pollingSubscription(store: Pick<EventStore, 'readAll' | 'onAppended'>, options: SubscribeOptions): Subscription {
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  let stopped = false;
  let wake: (() => void) | undefined;
  let pending = false;

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (pending || stopped) {
        pending = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const done = (async () => {
    const unlisten = await store.onAppended(() => {
      pending = true;
      wake?.();
    });
    try {
      let after = options.after;
      while (!stopped) {
        pending = false;
        const events = await store.readAll({ after, maxCount: batchSize });
        if (events.length > 0) {
          await options.onBatch(events);
          after = checkpointOf(events[events.length - 1]!);
        }
        if (events.length < batchSize) await sleep();
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
