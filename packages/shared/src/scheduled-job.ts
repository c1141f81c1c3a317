export interface ScheduledJob {
  /** Stops the timer and waits for the run in flight. */
  stop(): Promise<void>;
}

/**
 * Runs a job at once and then every `intervalMs` in the background (the timer never keeps the process alive): the
 * worker's session purge, the idempotency-key sweep. A failed run is reported and the next tick tries again; a tick
 * that finds the previous run still going leaves it be, so runs never pile up behind a slow database.
 */
export function scheduleJob(options: { intervalMs: number; run(): Promise<void>; onError(error: unknown): void }): ScheduledJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= options
      .run()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
