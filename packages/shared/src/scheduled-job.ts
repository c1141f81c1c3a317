export interface ScheduledJob {
  /** Stops the timer and waits for the run in flight. */
  stop(): Promise<void>;
}

export interface ScheduleOptions {
  intervalMs: number;
  run(): Promise<void>;
  onError(error: unknown): void;
  /** False: the first run comes one interval after the start, for a caller that did its own at start (default true). */
  runAtOnce?: boolean;
}

/**
 * Runs a job at once and then every `intervalMs` in the background (the timer never keeps the process alive): the
 * worker's session purge, the idempotency-key sweep, the document worker's requeue of pending sources. A failed run
 * is reported and the next tick tries again; a tick that finds the previous run still going leaves it be, so runs
 * never pile up behind a slow database.
 */
export function scheduleJob(options: ScheduleOptions): ScheduledJob {
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
  if (options.runAtOnce ?? true) tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
