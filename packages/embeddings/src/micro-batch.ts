/** How long a query waits for others to share its forward pass, unless the embedder is told otherwise. */
export const QUERY_WINDOW_MS = 2;

/**
 * Collects single items arriving within `windowMs` (default QUERY_WINDOW_MS; or until `maxBatch`) and runs
 * them as one batch; each caller gets its own result. One forward pass for many
 * concurrent queries is far cheaper than many passes of one.
 */
export function createMicroBatcher<In, Out>(
  runBatch: (items: In[]) => Promise<Out[]>,
  options: { windowMs?: number; maxBatch: number },
): (item: In) => Promise<Out> {
  let pending: Array<{ item: In; resolve: (out: Out) => void; reject: (error: unknown) => void }> = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    runBatch(batch.map((entry) => entry.item)).then(
      (outs) => batch.forEach((entry, i) => entry.resolve(outs[i]!)),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (pending.length >= options.maxBatch) flush();
      else timer ??= setTimeout(flush, options.windowMs ?? QUERY_WINDOW_MS);
    });
}
