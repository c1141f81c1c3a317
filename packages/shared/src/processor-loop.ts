import { backoffDelay } from './dependency.js';
import { wakeableSleep } from './wakeable-sleep.js';

export interface ProcessorLoopOptions {
  /** One pass: true when it did work, so the next pass runs at once; false when there was nothing to do. */
  step(): Promise<boolean>;
  /** How long to sleep after an idle pass; a function when it depends on what happened lately. */
  idleWaitMs: number | (() => number);
  /**
   * The sleep after a failed pass (default: the idle wait); failures in a row double it, with jitter, up to
   * `errorCapMs` (default 2 s, so a loop is back within that of its dependency's return).
   */
  errorWaitMs?: number;
  errorCapMs?: number;
  onError?(error: unknown): void;
  /** What cuts a sleep short (the feed's append notification); resolves to how to stop listening. */
  wakeOn?(wake: () => void): Promise<() => Promise<void>>;
}

export interface ProcessorLoop {
  /** Waits for the pass in flight; rejects as `done` does when the loop had already failed. */
  stop(): Promise<void>;
  /** Settles when the loop ends: after stop(), or rejected with the error that ended it (a failed wakeOn). */
  readonly done: Promise<void>;
}

/**
 * The loop every background processor runs (followFeed in @memctx/processors, the embedding filler):
 * pass after pass while there is work, a wakeable sleep when there is none or a pass failed, and a stop that
 * waits for the pass in flight. A wake-up during a pass skips the next sleep, so no notification is lost.
 */
export function runProcessorLoop(options: ProcessorLoopOptions): ProcessorLoop {
  let stopped = false;
  const nap = wakeableSleep();
  const idleWait = () => (typeof options.idleWaitMs === 'function' ? options.idleWaitMs() : options.idleWaitMs);
  const loop = (async () => {
    const unlisten = await options.wakeOn?.(() => nap.wake());
    let failures = 0;
    try {
      while (!stopped) {
        nap.clear();
        try {
          const busy = await options.step();
          failures = 0;
          if (!busy) await nap.sleep(idleWait());
        } catch (error) {
          if (stopped) break;
          options.onError?.(error);
          const baseMs = options.errorWaitMs ?? idleWait();
          await nap.sleep(backoffDelay(++failures, { baseMs, capMs: Math.max(baseMs, options.errorCapMs ?? 2_000) }));
        }
      }
    } finally {
      await unlisten?.();
    }
  })();
  return {
    done: loop,
    async stop() {
      stopped = true;
      nap.wake();
      await loop;
    },
  };
}
