/**
 * Runs work for the same key one after another, work for different keys
 * concurrently: commands on one stream queue instead of racing into
 * optimistic-concurrency conflicts, and a store's look-then-write append
 * never overlaps another for the same stream, inside this process.
 */
export function createKeyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async function withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
