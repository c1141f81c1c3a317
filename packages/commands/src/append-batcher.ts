import type { AppendManyItem, AppendManyOutcome, EventStore } from '@memctx/event-store';
import { activeSpanContext, backoffDelay, dependencyFailure, inSpan, OverloadedError, type SpanContext, type StageTimer } from '@memctx/shared';

interface Pending {
  item: AppendManyItem;
  resolve: (outcome: AppendManyOutcome) => void;
  reject: (error: unknown) => void;
  queuedAt: number;
  onStage: StageTimer | undefined;
  /** The appending command's span, which the batch's span links to. */
  spanContext: SpanContext | undefined;
}

/**
 * Group commit: appends that arrive while a flush is in flight wait and go
 * into the next flush together, one transaction for many requests. At low load
 * a single append flushes at once, so there is no added latency.
 *
 * A batch that fails as a whole (one item the database refuses rolls back the
 * transaction) is appended again item by item, in order, so only the item that
 * fails on its own answers with the error; the others never see it.
 *
 * A batch that never reached the database (no connection could be made: a restart, a pool that could not
 * connect in time) is tried again with backoff for up to `retryForMs`, since it cannot have been stored;
 * then, or when the connection died with the batch in flight (it may have committed), every item gets the
 * error, which the API answers with 503: nothing is acknowledged that was not stored.
 *
 * With `maxQueue` (0: none), an append that finds that many waiting is refused at once with an OverloadedError
 * (503 + Retry-After): past it, waiting adds latency to every append without adding throughput.
 */
export function createAppendBatcher(store: EventStore, options: { maxBatch?: number; retryForMs?: number; maxQueue?: number } = {}) {
  const maxBatch = options.maxBatch ?? 256;
  const maxQueue = options.maxQueue ?? 0;
  const retryForMs = options.retryForMs ?? 1_000;
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

  /** appendMany, again while the database could not be reached and time is left. */
  async function appendRetrying(items: AppendManyItem[]): Promise<AppendManyOutcome[]> {
    const deadline = performance.now() + retryForMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await store.appendMany(items);
      } catch (error) {
        const unavailable = dependencyFailure(error);
        const wait = backoffDelay(attempt, { baseMs: 50, capMs: 400 });
        if (!unavailable?.notSent || performance.now() + wait > deadline) throw unavailable ?? error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** A `group commit` span per batch: a root of its own (one batch serves many requests' traces), linked to each item's command span. */
  function appendBatch(batch: Pending[]): Promise<void> {
    const links = batch.flatMap((entry) => (entry.spanContext ? [{ context: entry.spanContext }] : []));
    return inSpan('group commit', { root: true, links, attributes: { 'memctx.batch.items': batch.length } }, () => appendBatchInSpan(batch));
  }

  async function appendBatchInSpan(batch: Pending[]): Promise<void> {
    const started = performance.now();
    for (const entry of batch) entry.onStage?.('commit_wait', started - entry.queuedAt);
    try {
      const outcomes = await appendRetrying(batch.map((entry) => entry.item));
      const took = performance.now() - started;
      batch.forEach((entry, index) => {
        entry.onStage?.('commit', took);
        entry.resolve(outcomes[index]!);
      });
    } catch (error) {
      // Item by item would only meet the same outage once per item.
      if (batch.length === 1 || dependencyFailure(error)) for (const entry of batch) entry.reject(error);
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
      if (maxQueue > 0 && queue.length >= maxQueue) {
        return Promise.reject(new OverloadedError('commit_queue', `The group commit has ${queue.length} appends waiting`));
      }
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject, queuedAt: performance.now(), onStage, spanContext: activeSpanContext() });
        if (!flushing) void flush();
      });
    },
  };
}

export type AppendBatcher = ReturnType<typeof createAppendBatcher>;
