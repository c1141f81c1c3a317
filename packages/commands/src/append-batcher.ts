import type { AppendManyItem, AppendManyOutcome, EventStore } from '@memctx/event-store';

/**
 * Group commit: appends that arrive while a flush is in flight wait and go
 * into the next flush together, one transaction for many requests. At low load
 * a single append flushes at once, so there is no added latency.
 */
export function createAppendBatcher(store: EventStore, options: { maxBatch?: number } = {}) {
  const maxBatch = options.maxBatch ?? 256;
  let queue: Array<{ item: AppendManyItem; resolve: (outcome: AppendManyOutcome) => void; reject: (error: unknown) => void }> = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const outcomes = await store.appendMany(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(outcomes[index]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    flushing = false;
  }

  return {
    append(item: AppendManyItem): Promise<AppendManyOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!flushing) void flush();
      });
    },
  };
}

export type AppendBatcher = ReturnType<typeof createAppendBatcher>;
