import { wakeableSleep } from './wakeable-sleep.js';

export interface ProcessorLoopOptions {
  /** One pass: true when it did work, so the next pass runs at once; false when there was nothing to do. */
  step(): Promise<boolean>;
  /** How long to sleep after an idle pass; a function when it depends on what happened lately. */
  idleWaitMs: number | (() => number);
  /** How long to sleep after a failed pass (default: the idle wait). */
  errorWaitMs?: number;
  onError?(error: unknown): void;
  /** What cuts a sleep short (the feed's append notification); resolves to how to stop listening. */
  wakeOn?(wake: () => void): Promise<() => Promise<void>>;
}

export interface ProcessorLoop {
  stop(): Promise<void>;
}

/**
 * The loop every background processor runs (projections, the document dispatcher, the embedding filler):
 * pass after pass while there is work, a wakeable sleep when there is none or a pass failed, and a stop that
 * waits for the pass in flight. A wake-up during a pass skips the next sleep, so no notification is lost.
 */
export function runProcessorLoop(options: ProcessorLoopOptions): ProcessorLoop {
  let stopped = false;
  const nap = wakeableSleep();
  const idleWait = () => (typeof options.idleWaitMs === 'function' ? options.idleWaitMs() : options.idleWaitMs);
  let unlisten: (() => Promise<void>) | undefined;
  const loop = (async () => {
    unlisten = await options.wakeOn?.(() => nap.wake());
    while (!stopped) {
      nap.clear();
      try {
        if (!(await options.step())) await nap.sleep(idleWait());
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        await nap.sleep(options.errorWaitMs ?? idleWait());
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      nap.wake();
      await loop;
      await unlisten?.();
    },
  };
}
