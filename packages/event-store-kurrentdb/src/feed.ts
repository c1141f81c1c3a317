import { BACKWARDS, END, FORWARDS, excludeSystemEvents, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { START, compareCheckpoints, type Checkpoint, type RecordedEvent } from '@memctx/event-store';
import { isSystemEvent, toRecordedEvent } from './codec.js';
import { toCheckpoint, toReadPosition } from './positions.js';

/** The server drops '$' event types; isSystemEvent then also drops '$' streams, whatever their event types. */
const NOT_SYSTEM = excludeSystemEvents();

/**
 * Our events in $all after a checkpoint, read page by page as the consumer
 * pulls. A read from a position includes the event at it, so each page starts
 * with the previous page's last event again and skips it: the feed is
 * exclusive of its checkpoint.
 */
export async function* eventsAfter(client: KurrentDBClient, after: Checkpoint, pageSize: number): AsyncGenerator<RecordedEvent> {
  const size = Math.max(pageSize, 2);
  for (let cursor = after; ; ) {
    let read = 0;
    let last: Checkpoint | undefined;
    for await (const { event } of client.readAll({ fromPosition: toReadPosition(cursor), direction: FORWARDS, maxCount: size, filter: NOT_SYSTEM })) {
      read++;
      if (!event) continue;
      const checkpoint = toCheckpoint(event.position);
      if (compareCheckpoints(checkpoint, cursor) <= 0) continue;
      last = checkpoint;
      if (!isSystemEvent(event)) yield toRecordedEvent(event);
    }
    if (read < size || !last) return;
    cursor = last;
  }
}

/** The newest of our events after `floor`, read backwards from the end of $all; START when there is none. */
export async function newestAfter(client: KurrentDBClient, floor: Checkpoint, pageSize = 32): Promise<Checkpoint> {
  for (let cursor: Checkpoint | undefined; ; ) {
    let read = 0;
    let last: Checkpoint | undefined;
    const fromPosition = cursor ? toReadPosition(cursor) : END;
    for await (const { event } of client.readAll({ fromPosition, direction: BACKWARDS, maxCount: pageSize, filter: NOT_SYSTEM })) {
      read++;
      if (!event) continue;
      const checkpoint = toCheckpoint(event.position);
      if (compareCheckpoints(checkpoint, floor) <= 0) return START;
      // Whether a backwards read includes the event at its position is not ours to rely on.
      if (cursor && compareCheckpoints(checkpoint, cursor) >= 0) continue;
      if (!isSystemEvent(event)) return checkpoint;
      last = checkpoint;
    }
    if (read < pageSize || !last) return START;
    cursor = last;
  }
}

/**
 * The position of the last record in $all, system events included (START on an
 * empty database): a feedStart that hides everything written before now.
 */
export async function endOfAll(client: KurrentDBClient): Promise<Checkpoint> {
  for await (const { event } of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 })) {
    if (event) return toCheckpoint(event.position);
  }
  return START;
}
