import { runProcessorLoop } from '@memctx/shared';
import { checkpointOf, type EventStore, type SubscribeOptions, type Subscription } from './types.js';

/**
 * A subscription is a poll loop over readAll. The append notification only
 * cuts a wait short: order and completeness come from the checkpoint, so a
 * lost or coalesced notification costs at most one poll interval. A failed
 * read or onBatch ends it (its caller decides what to do), unlike a processor
 * that retries on its own.
 */
export function pollingSubscription(store: Pick<EventStore, 'readAll' | 'onAppended'>, options: SubscribeOptions): Subscription {
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  let stopped = false;
  let after = options.after;
  // After a notification some events may not be readable yet: an older append still in flight holds
  // the feed's horizon. So re-poll soon after each one, backing off to the poll interval, rather than
  // wait a whole interval for them. The start counts as one: events appended just before it may be
  // held back the same way, and no notification follows them.
  let retryMs = 10;
  let notified = false;

  const loop = runProcessorLoop({
    async step() {
      if (notified) retryMs = 10;
      notified = false;
      const events = await store.readAll({ after, maxCount: batchSize });
      if (events.length > 0 && !stopped) {
        await options.onBatch(events);
        after = checkpointOf(events[events.length - 1]!);
      }
      return events.length === batchSize;
    },
    idleWaitMs() {
      if (retryMs > 0 && retryMs < pollIntervalMs) {
        const wait = retryMs;
        retryMs *= 2;
        return wait;
      }
      retryMs = 0;
      return pollIntervalMs;
    },
    endOnError: true,
    wakeOn: (wake) =>
      store.onAppended(() => {
        notified = true;
        wake();
      }),
  });

  return {
    done: loop.done,
    async stop() {
      stopped = true;
      await loop.stop().catch(() => undefined);
    },
  };
}
