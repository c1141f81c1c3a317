import { checkpointOf, compareCheckpoints, type Checkpoint, type EventStore, type RecordedEvent } from './types.js';

/**
 * The feed as several followers in one process read it (the projector's live
 * runners, one per projection): they wake on the same notification and ask
 * for the same events, so each read would be made, parsed and opened (crypto-
 * shredding) once per follower. Here a read the others are waiting for is
 * shared, and the newest events read are kept: a follower whose checkpoint lies
 * inside them gets the events after it from memory. The feed never changes
 * below what was read, so those are exactly the events the store would return,
 * in order and without gaps; there may be newer ones, which its next read
 * fetches. An empty answer always comes from the store, so a follower that has
 * caught up never waits on a stale one.
 */
export function shareFeedReads(store: EventStore, options: { keep?: number } = {}): EventStore {
  const keep = options.keep ?? 5_000;
  // The newest events read, in feed order, and the checkpoint they follow without a gap.
  let from: Checkpoint | undefined;
  let kept: RecordedEvent[] = [];
  const inFlight = new Map<string, Promise<RecordedEvent[]>>();

  /** The kept events after `after`, when `after` is where they start or one of them; none when nothing kept follows it. */
  function fromMemory(after: Checkpoint, maxCount: number): RecordedEvent[] | undefined {
    if (!from || kept.length === 0) return undefined;
    let start: number;
    if (compareCheckpoints(after, from) === 0) start = 0;
    else {
      // Binary search for the kept event at `after`.
      let low = 0;
      let high = kept.length - 1;
      start = -1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const order = compareCheckpoints(kept[middle]!, after);
        if (order === 0) {
          start = middle + 1;
          break;
        }
        if (order < 0) low = middle + 1;
        else high = middle - 1;
      }
    }
    return start >= 0 && start < kept.length ? kept.slice(start, start + maxCount) : undefined;
  }

  function remember(after: Checkpoint, events: RecordedEvent[]): void {
    if (events.length === 0) return;
    const continues = kept.length > 0 && compareCheckpoints(after, kept.at(-1)!) === 0;
    if (continues) kept = [...kept, ...events];
    else [from, kept] = [after, [...events]];
    if (kept.length > keep) {
      from = checkpointOf(kept[kept.length - keep - 1]!);
      kept = kept.slice(kept.length - keep);
    }
  }

  return {
    ...store,
    async readAll({ after, maxCount }) {
      const served = fromMemory(after, maxCount);
      if (served) return served;
      const key = `${after.transaction_id}:${after.global_position}:${maxCount}`;
      let read = inFlight.get(key);
      if (!read) {
        read = store.readAll({ after, maxCount }).then((events) => {
          remember(after, events);
          return events;
        });
        inFlight.set(key, read);
        const forget = () => inFlight.delete(key);
        read.then(forget, forget);
      }
      return read;
    },
  };
}
