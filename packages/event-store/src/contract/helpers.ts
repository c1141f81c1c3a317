import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { START, checkpointOf, compareCheckpoints, type Checkpoint, type EventStore, type EventToAppend, type RecordedEvent } from '../index.js';

/**
 * On a server an append still in flight (another test's, in the same database) holds back the events after its
 * transaction id until it ends (the feed's horizon, event-store migration 0003), so tests wait (bounded) for their writes.
 */
export const FEED_TIMEOUT_MS = 20_000;

export const event = (type = 'Tested', data: Record<string, unknown> = {}): EventToAppend => ({ event_id: randomUUID(), type, data });

export const events = (count: number, type = 'Tested'): EventToAppend[] => Array.from({ length: count }, (_, n) => event(type, { n }));

export const newStream = (): string => `test-${randomUUID()}`;

/** Everything readAll returns after a checkpoint, paged the way a projection pages. */
export async function readAllAfter(store: EventStore, after: Checkpoint = START, pageSize = 1_000): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (let cursor = after; ; ) {
    const page = await store.readAll({ after: cursor, maxCount: pageSize });
    if (page.length === 0) return out;
    out.push(...page);
    cursor = checkpointOf(page[page.length - 1]!);
  }
}

/** A reader that keeps its checkpoint between polls, as a projection does. */
export function feedReader(store: EventStore, after: Checkpoint) {
  let cursor = after;
  const poll = async (): Promise<RecordedEvent[]> => {
    const page = await readAllAfter(store, cursor);
    if (page.length > 0) cursor = checkpointOf(page[page.length - 1]!);
    return page;
  };
  return {
    poll,
    /** Polls until `count` events have arrived. */
    async next(count: number): Promise<RecordedEvent[]> {
      const arrived: RecordedEvent[] = [];
      await vi.waitFor(
        async () => {
          arrived.push(...(await poll()));
          if (arrived.length < count) throw new Error(`${arrived.length} of ${count} events arrived`);
        },
        { timeout: FEED_TIMEOUT_MS, interval: 10 },
      );
      return arrived;
    },
    get checkpoint() {
      return cursor;
    },
  };
}

/** `what` may be a function, to say on a timeout how far things got. */
export async function waitFor(condition: () => boolean, timeoutMs: number, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function expectStrictlyIncreasing(checkpoints: readonly Checkpoint[]): void {
  for (let i = 1; i < checkpoints.length; i++) {
    const [a, b] = [checkpoints[i - 1]!, checkpoints[i]!];
    if (a.transaction_id > b.transaction_id || (a.transaction_id === b.transaction_id && a.global_position >= b.global_position)) {
      throw new Error(`feed out of order at ${i}: ${JSON.stringify(a)} then ${JSON.stringify(b)}`);
    }
  }
}

export async function untilReadable(store: EventStore, position: Checkpoint): Promise<void> {
  await vi.waitFor(
    async () => {
      if (compareCheckpoints(await store.head(), position) < 0) throw new Error(`the feed has not reached ${JSON.stringify(position)}`);
    },
    { timeout: FEED_TIMEOUT_MS, interval: 10 },
  );
}
