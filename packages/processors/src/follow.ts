import { checkpointOf, type Checkpoint, type EventStore, type RecordedEvent } from '@memctx/event-store';
import { runProcessorLoop, wakeableSleep, type ProcessorLoopOptions } from '@memctx/shared';
import type { Processor } from './processor.js';

export type Feed = Pick<EventStore, 'readAll' | 'onAppended'>;

export interface ProcessedBatch {
  events: readonly RecordedEvent[];
  /** The processor's checkpoint after the batch. */
  checkpoint: Checkpoint;
}

/** What followFeed and catchUp use for an option the caller leaves out. */
export const FOLLOW_DEFAULTS = {
  batchSize: 500,
  idleWaitMs: 1_000,
  /** The first pause after a failed batch when neither it nor the idle wait is given. */
  errorWaitMs: 1_000,
  settleMs: 500,
} as const;

export interface FollowOptions {
  /** Events per batch (default FOLLOW_DEFAULTS). */
  batchSize?: number;
  /** The sleep when the feed has nothing new (default FOLLOW_DEFAULTS); an append notification cuts it short. */
  idleWaitMs?: number;
  /** The first sleep after a failed batch (default: the idle wait given, else FOLLOW_DEFAULTS); failures in a row double it. */
  errorWaitMs?: number;
  /** How long after an append notification to keep looking every few ms, as its events may not be readable yet (default FOLLOW_DEFAULTS; 0 looks once). */
  settleMs?: number;
  /**
   * After a batch that took less than a full batch, the next read waits until this long after that batch's read
   * (default 0): appends that land meanwhile join one batch, and a batch's fixed cost (its transaction, its
   * checkpoint) is paid once for them instead of once per append. What a reader sees lags by up to this much more.
   */
  gatherMs?: number;
  /** What tells that a reader waits for this processor (read-your-writes): the gather then ends at once. */
  readerWaiting?(hurry: () => void): Promise<() => Promise<void>>;
  onError?(error: unknown): void;
  onBatch?(batch: ProcessedBatch): void;
}

export interface Following {
  /** Waits for the batch in flight. */
  stop(): Promise<void>;
}

/**
 * Runs a processor in the background for as long as the process lives: batch after batch while the feed has
 * more, a sleep that an append cuts short when it has none, and after a failure a pause that grows while the
 * failures go on (a database or broker away), then the batch again from the saved checkpoint.
 */
export function followFeed(processor: Processor, feed: Feed, options: FollowOptions = {}): Following {
  const batchSize = options.batchSize ?? FOLLOW_DEFAULTS.batchSize;
  const idleWaitMs = options.idleWaitMs ?? FOLLOW_DEFAULTS.idleWaitMs;
  // Known while batches succeed; read from the store again after a failure or when someone else moved it.
  let from: Checkpoint | undefined;
  const gatherMs = options.gatherMs ?? 0;
  let gatherUntil = 0;
  // A reader that came while a batch ran ends the next gather too: it waits for events that batch did not hold.
  const gather = wakeableSleep();
  let stopping = false;
  const wakeUps = feedWakeUps(feed, idleWaitMs, options.settleMs ?? FOLLOW_DEFAULTS.settleMs);
  const loop = runProcessorLoop({
    async step() {
      const gathering = gatherUntil - Date.now();
      if (gathering > 0) await gather.sleep(gathering);
      gather.clear();
      if (stopping) return false;
      from ??= await processor.position();
      const readAt = Date.now();
      const events = await feed.readAll({ after: from, maxCount: batchSize });
      if (events.length === 0) return false;
      if (events.length < batchSize) gatherUntil = readAt + gatherMs;
      if (!(await processor.process(events, from))) {
        from = undefined;
        return true;
      }
      from = checkpointOf(events[events.length - 1]!);
      options.onBatch?.({ events, checkpoint: from });
      return events.length === batchSize;
    },
    idleWaitMs: wakeUps.idleWaitMs,
    async wakeOn(wake) {
      const unlistenFeed = await wakeUps.wakeOn(wake);
      const unlistenReaders = await options.readerWaiting?.(() => gather.wake()).catch(async (error: unknown) => {
        await unlistenFeed();
        throw error;
      });
      return async () => {
        await unlistenReaders?.();
        await unlistenFeed();
      };
    },
    errorWaitMs: options.errorWaitMs ?? options.idleWaitMs ?? FOLLOW_DEFAULTS.errorWaitMs,
    onError(error) {
      from = undefined;
      options.onError?.(error);
    },
  });
  return {
    // A stop does not wait out a gather.
    async stop() {
      stopping = true;
      gather.wake();
      await loop.stop();
    },
  };
}

export interface CatchUpOptions {
  /** Events per batch (default FOLLOW_DEFAULTS). */
  batchSize?: number;
  /** Reads the batch after a checkpoint (default: the feed's readAll; a rebuild reads one batch ahead). */
  read?(after: Checkpoint): Promise<RecordedEvent[]>;
  /** After each read, an empty one included; awaited (a rebuild reports its progress here). */
  onBatch?(batch: ProcessedBatch): void | Promise<void>;
}

/**
 * Processes batches until one comes back short: the feed's head as it stood. Waiting for an empty read instead
 * could chase steady writers forever (one lands during every batch). Resolves to the events processed.
 */
export async function catchUp(processor: Processor, feed: Pick<EventStore, 'readAll'>, options: CatchUpOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? FOLLOW_DEFAULTS.batchSize;
  const read = options.read ?? ((after: Checkpoint) => feed.readAll({ after, maxCount: batchSize }));
  let from = await processor.position();
  let processed = 0;
  for (;;) {
    const events = await read(from);
    if (events.length > 0) {
      if (!(await processor.process(events, from))) {
        from = await processor.position();
        continue;
      }
      from = checkpointOf(events[events.length - 1]!);
      processed += events.length;
    }
    await options.onBatch?.({ events, checkpoint: from });
    if (events.length < batchSize) return processed;
  }
}

const SETTLE_RETRY_MS = 5;

/**
 * The append notification cuts a sleep short, and for `settleMs` after one the loop looks again every few ms
 * instead of sleeping the full idle wait: a NOTIFY can arrive before its events are readable, as the feed holds
 * them back while an older append is still in flight.
 */
function feedWakeUps(feed: Pick<EventStore, 'onAppended'>, idleWaitMs: number, settleMs: number): Required<Pick<ProcessorLoopOptions, 'idleWaitMs' | 'wakeOn'>> {
  let notifiedAt = -Infinity;
  return {
    idleWaitMs: () => (Date.now() - notifiedAt < settleMs ? SETTLE_RETRY_MS : idleWaitMs),
    wakeOn: (wake) =>
      feed.onAppended(() => {
        notifiedAt = Date.now();
        wake();
      }),
  };
}
