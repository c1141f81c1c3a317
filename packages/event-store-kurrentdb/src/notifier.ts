import { END, excludeSystemEvents, type AllStreamSubscription, type KurrentDBClient } from '@kurrent/kurrentdb-client';

/** A subscription that is not live by then is refused, so a hung server cannot hang the subscriber's start. */
const CONFIRM_TIMEOUT_MS = 10_000;
const REOPEN_AFTER_MS = 1_000;

/**
 * onAppended: a live subscription to the end of $all, without system events,
 * that calls the listener on every event. It resolves once the server has
 * confirmed the subscription, so an append made after that is never missed.
 * If the subscription drops later it is reopened, and the listener called once
 * more: appends made while it was down get one wake-up, as a hint should.
 */
export async function listenForAppends(client: KurrentDBClient, listener: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let current: AllStreamSubscription | undefined;
  let reopening: NodeJS.Timeout | undefined;

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const subscription = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      current = subscription;
      let live = false;
      const timeout = setTimeout(() => fail(new Error(`KurrentDB did not confirm a subscription to $all within ${CONFIRM_TIMEOUT_MS} ms`)), CONFIRM_TIMEOUT_MS);
      function fail(error: Error) {
        clearTimeout(timeout);
        if (!live) {
          void subscription.unsubscribe().catch(() => undefined);
          return reject(error);
        }
        if (!stopped && current === subscription) reopen();
      }
      subscription.once('confirmation', () => {
        clearTimeout(timeout);
        live = true;
        resolve();
      });
      subscription.on('data', () => listener());
      subscription.on('error', fail);
      subscription.on('end', () => fail(new Error('the subscription to $all ended')));
    });

  function reopen() {
    reopening = setTimeout(() => {
      open().then(
        () => (stopped ? void current?.unsubscribe().catch(() => undefined) : listener()),
        () => {
          if (!stopped) reopen();
        },
      );
    }, REOPEN_AFTER_MS);
  }

  await open();
  return async () => {
    stopped = true;
    clearTimeout(reopening);
    await current?.unsubscribe().catch(() => undefined);
  };
}
