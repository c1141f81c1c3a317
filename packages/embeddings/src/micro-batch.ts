/** How long a query waits for others to share its forward pass, unless the embedder is told otherwise. */
export const QUERY_WINDOW_MS = 2;

type Pending<In, Out> = { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void };

/** Runs one batch and hands each caller its own result (or the batch's error). */
function settle<In, Out>(runBatch: (items: In[]) => Promise<Out[]>, batch: Pending<In, Out>[]): Promise<void> {
  // Started inside a promise, so a batch that throws at once fails its callers instead of the batcher.
  return new Promise<Out[]>((run) => run(runBatch(batch.map((entry) => entry.item)))).then(
    (outs) => batch.forEach((entry, i) => entry.resolve(outs[i]!)),
    (error: unknown) => batch.forEach((entry) => entry.reject(error)),
  );
}

/**
 * Collects single items and runs them as one batch; each caller gets its own result. One forward pass for many
 * concurrent queries is far cheaper than many passes of one.
 *
 * `gather: 'window'` (the default) waits `windowMs` (QUERY_WINDOW_MS) after the first item, or until `maxBatch`, and
 * lets batches run side by side: for a remote endpoint, where requests overlap. `gather: 'while-busy'` runs an item at
 * once when no batch is running and gathers what arrives while one runs into the next: for a local model, which runs
 * one pass at a time anyway, so an idle embedder makes no query wait.
 */
export function createMicroBatcher<In, Out>(
  runBatch: (items: In[]) => Promise<Out[]>,
  options: { windowMs?: number; maxBatch: number; gather?: 'window' | 'while-busy' },
): (item: In) => Promise<Out> {
  let pending: Pending<In, Out>[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    void settle(runBatch, batch);
  };

  const runNext = () => {
    if (running || pending.length === 0) return;
    running = true;
    const batch = pending.splice(0, options.maxBatch);
    void settle(runBatch, batch).finally(() => {
      running = false;
      runNext();
    });
  };

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (options.gather === 'while-busy') runNext();
      else if (pending.length >= options.maxBatch) flush();
      else timer ??= setTimeout(flush, options.windowMs ?? QUERY_WINDOW_MS);
    });
}
