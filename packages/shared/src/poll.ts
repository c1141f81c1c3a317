export interface PollOptions {
  /** How long to keep asking; the last look happens at or after the deadline, never skipped. */
  timeoutMs: number;
  /** The pause between looks. */
  intervalMs?: number;
}

/**
 * Asks `look` until it answers something other than `undefined` or the time is up: a bounded wait for
 * state that someone else changes (a worker's outcome in a read model). Gives `undefined` on time-out.
 */
export async function pollUntil<T>(look: () => Promise<T | undefined>, options: PollOptions): Promise<T | undefined> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const answer = await look();
    if (answer !== undefined || Date.now() >= deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}
