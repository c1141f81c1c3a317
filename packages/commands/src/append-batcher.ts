import type { AppendManyItem, AppendManyOutcome, EventStore } from '@memctx/event-store';
import type { StageTimer } from '@memctx/shared';

interface Pending {
  item: AppendManyItem;
  resolve: (outcome: AppendManyOutcome) => void;
  reject: (error: unknown) => void;
  queuedAt: number;
  onStage: StageTimer | undefined;
}

/**
 * Group commit: appends that arrive while a flush is in flight wait and go
 * into the next flush together, one transaction for many requests. At low load
 * a single append flushes at once, so there is no added latency.
 *
 * A batch that fails as a whole (one item the database refuses rolls back the
 * transaction) is appended again item by item, in order, so only the item that
 * fails on its own answers with the error; the others never see it.
 */
export function createAppendBatcher(store: EventStore, options: { maxBatch?: number } = {}) {
  const maxBatch = options.maxBatch ?? 256;
  let queue: Pending[] = [];
  let flushing = false;

  async function appendAlone(entry: Pending): Promise<void> {
    try {
      const [outcome] = await store.appendMany([entry.item]);
      entry.resolve(outcome!);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function appendBatch(batch: Pending[]): Promise<void> {
    const started = performance.now();
    for (const entry of batch) entry.onStage?.('commit_wait', started - entry.queuedAt);
    try {
      const outcomes = await store.appendMany(batch.map((entry) => entry.item));
      const took = performance.now() - started;
      batch.forEach((entry, index) => {
        entry.onStage?.('commit', took);
        entry.resolve(outcomes[index]!);
      });
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const entry of batch) await appendAlone(entry);
    }
  }

  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      await appendBatch(batch);
    }
    flushing = false;
  }

  return {
    /** `onStage` hears how long the item waited for its batch (`commit_wait`) and how long the batch took (`commit`). */
    append(item: AppendManyItem, onStage?: StageTimer): Promise<AppendManyOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject, queuedAt: performance.now(), onStage });
        if (!flushing) void flush();
      });
    },
  };
}

export type AppendBatcher = ReturnType<typeof createAppendBatcher>;
