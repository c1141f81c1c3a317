import type { Db, Queryable } from '@memctx/db';
import { START, checkpointOf, compareCheckpoints, type Checkpoint, type RecordedEvent } from '@memctx/event-store';
import { WHOLE_FEED, type CheckpointStore } from './checkpoints.js';

/**
 * Something that follows the feed from a checkpoint of its own: the relay, the document dispatcher, each generation
 * of each projection. What drives it (followFeed, catchUp, a rebuild) reads the batch; the processor handles it and
 * moves its checkpoint past it.
 */
export interface Processor {
  /** Its checkpoint's name in the store: `relay:<topic>`, `dispatcher:<name>`, a projection generation's schema. */
  readonly name: string;
  /** Where its next batch starts: the saved checkpoint, START when it has none yet. */
  position(): Promise<Checkpoint>;
  /**
   * Handles a batch read after `from` and moves the checkpoint to its last event. False when the checkpoint was no
   * longer at `from` (another instance moved it) or the processor refused the batch (a projection generation a
   * switch-over retired): the driver reads its position again.
   */
  process(events: readonly RecordedEvent[], from: Checkpoint): Promise<boolean>;
}

/** A processor whose handling commits with its checkpoint; it can also run inside a transaction the caller holds. */
export interface AtomicProcessor extends Processor {
  processWithin(tx: Queryable, events: readonly RecordedEvent[], from: Checkpoint): Promise<boolean>;
  /**
   * Handles a batch delivered by a partitioned log (Kafka) rather than read from the feed: each partition key's
   * events arrive in feed order, but keys interleave freely and deliveries repeat (a relay restart, a rebalance),
   * so there is no one checkpoint to compare. An event is handled only past both its key's checkpoint and the
   * processor's own (what following the feed handled already); the keys' checkpoints move in the same transaction.
   * Undefined when the lock refused the batch.
   */
  processPartitioned(events: readonly RecordedEvent[], partitionOf: (event: RecordedEvent) => string): Promise<PartitionedOutcome | undefined>;
}

export interface PartitionedOutcome {
  handled: number;
  skipped: number;
}

interface Common {
  name: string;
  checkpoints: CheckpointStore;
}

/**
 * Side effects outside the database (a publish, a queued job): the checkpoint moves once `handle` resolved, so a
 * crash in between handles the batch again (at least once, never skipped).
 */
export interface ReactingOptions extends Common {
  handle(events: readonly RecordedEvent[]): Promise<void>;
}

/** Rows in the database (a read model): `handle` runs in the transaction that moves the checkpoint (exactly once). */
export interface AtomicOptions extends Common {
  db: Db;
  /**
   * Takes what the batch needs held first (a projection's generation row); false refuses the batch. It may answer the
   * processor's checkpoint read under that lock instead of true, which spares the batch a query of its own.
   */
  lock?(tx: Queryable): Promise<boolean | Checkpoint>;
  handle(events: readonly RecordedEvent[], tx: Queryable): Promise<void>;
}

/** The checkpoint was moved under a batch already handled in the transaction: it must not commit. */
class Moved extends Error {}

export function processor(options: AtomicOptions): AtomicProcessor;
export function processor(options: ReactingOptions): Processor;
export function processor(options: AtomicOptions | ReactingOptions): Processor | AtomicProcessor {
  const { name, checkpoints } = options;
  const position = () => checkpoints.load(name);
  if (!('db' in options)) {
    return {
      name,
      position,
      async process(events, from) {
        if (events.length === 0) return true;
        await options.handle(events);
        return checkpoints.save(name, checkpointOf(events[events.length - 1]!), from);
      },
    };
  }
  const processWithin = async (tx: Queryable, events: readonly RecordedEvent[], from: Checkpoint) => {
    if (events.length === 0) return true;
    const locked = options.lock ? await options.lock(tx) : true;
    if (locked === false) return false;
    const store = checkpoints.within(tx);
    // Compared first, so a batch someone else already applied is not applied again only to be rolled back.
    const current = locked === true ? await store.load(name) : locked;
    if (compareCheckpoints(current, from) !== 0) return false;
    await options.handle(events, tx);
    if (!(await store.save(name, checkpointOf(events[events.length - 1]!), from))) throw new Moved(`the checkpoint of ${name} moved under its batch`);
    return true;
  };
  const processPartitioned = (events: readonly RecordedEvent[], partitionOf: (event: RecordedEvent) => string) =>
    options.db.transaction(async (tx): Promise<PartitionedOutcome | undefined> => {
      if (options.lock && (await options.lock(tx)) === false) return undefined;
      const store = checkpoints.within(tx);
      const whole = await store.load(name);
      const reached = await store.loadPartitions(name, [...new Set(events.map(partitionOf))]);
      const moved = new Map<string, Checkpoint>();
      const fresh: RecordedEvent[] = [];
      for (const event of events) {
        const partition = partitionOf(event);
        if (partition === WHOLE_FEED) throw new Error(`event ${event.event_id} has no partition key`);
        if (compareCheckpoints(event, whole) <= 0 || compareCheckpoints(event, reached.get(partition) ?? START) <= 0) continue;
        reached.set(partition, checkpointOf(event));
        moved.set(partition, checkpointOf(event));
        fresh.push(event);
      }
      if (fresh.length > 0) {
        await options.handle(fresh, tx);
        await store.savePartitions(name, moved);
      }
      return { handled: fresh.length, skipped: events.length - fresh.length };
    });
  return {
    name,
    position,
    processWithin,
    processPartitioned,
    async process(events, from) {
      try {
        return await options.db.transaction((tx) => processWithin(tx, events, from));
      } catch (error) {
        if (error instanceof Moved) return false;
        throw error;
      }
    },
  };
}
