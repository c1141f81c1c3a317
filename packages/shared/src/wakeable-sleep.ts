export interface WakeableSleep {
  /** Resolves after `ms`, or at once when woken since the last `clear`; a wake-up cuts a sleep short. */
  sleep(ms: number): Promise<void>;
  wake(): void;
  /** Forgets the wake-ups so far; true when there was one. */
  clear(): boolean;
}

/** The sleep of a polling loop that a notification (or a stop) cuts short, and that no wake-up between sleeps is lost to. */
export function wakeableSleep(): WakeableSleep {
  let woken = false;
  let end: (() => void) | undefined;
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        if (woken) return resolve();
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          end = undefined;
          resolve();
        }
        end = done;
      }),
    wake() {
      woken = true;
      end?.();
    },
    clear() {
      const was = woken;
      woken = false;
      return was;
    },
  };
}
