import type { Db } from '@memctx/db';
import { partitionKeyOf } from '@memctx/domain';
import { checkpointOf, compareCheckpoints, type Checkpoint, type EventStore, type RecordedEvent } from '@memctx/event-store';
import { createCheckpointStore, processor, type Processor } from '@memctx/processors';
import { applyHandled, type Projection } from './projection.js';
import { lockGeneration, type Generation } from './generations.js';

/** FNV-1a: a stable, cheap spread of users over lanes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function userOf(event: RecordedEvent): string {
  try {
    return partitionKeyOf(event);
  } catch {
    return '';
  }
}

/** The batch cut by user into `lanes` parts, each in feed order (as the Kafka partitions carry it). */
export function splitIntoLanes(events: readonly RecordedEvent[], lanes: number): RecordedEvent[][] {
  const parts: RecordedEvent[][] = Array.from({ length: lanes }, () => []);
  for (const event of events) parts[hash(userOf(event)) % lanes]!.push(event);
  return parts.filter((part) => part.length > 0);
}

/**
 * The processor that fills a generation being rebuilt with each batch cut into `lanes` transactions applied side by
 * side, then moves its checkpoint. Events of different users commute in every read model (the Kafka mode relies on
 * it too), so each lane keeps only its users' order, and one PostgreSQL backend per lane uses more than one core.
 * The lanes and the checkpoint do not commit together: fine for a building generation, which nothing reads and no
 * one resumes (a rebuild that fails leaves it to be dropped), never for a live one.
 */
export function laneProcessor(db: Db, projection: Projection, generation: Generation, lanes: number): Processor {
  return processor({
    name: generation.schemaName,
    checkpoints: createCheckpointStore(db),
    async handle(events) {
      const settled = await Promise.allSettled(
        splitIntoLanes(events, lanes).map((part) =>
          db.transaction(async (tx) => {
            // Shared: the lanes run side by side, and a switch-over (which locks for update) waits for them.
            if ((await lockGeneration(tx, projection.name, generation.generation, 'share')) !== 'building') {
              throw new Error(`generation ${generation.generation} of ${projection.name} is no longer being built`);
            }
            await applyHandled(tx, projection, generation.schemaName, part);
          }),
        ),
      );
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    },
  });
}

/**
 * Reads the feed one batch ahead: while a batch is applied, the next one is read (and its rows parsed) on another
 * connection. The feed below the settled horizon never changes, so reading early sees what reading later would.
 */
export function createReadAhead(store: EventStore, batchSize: number) {
  let ahead: { after: Checkpoint; events: Promise<RecordedEvent[]> } | undefined;
  const read = (after: Checkpoint) => {
    const events = store.readAll({ after, maxCount: batchSize });
    // Awaited later, or dropped if the caller moves elsewhere: never an unhandled rejection meanwhile.
    events.catch(() => undefined);
    return events;
  };
  return {
    async next(after: Checkpoint): Promise<RecordedEvent[]> {
      const hit = ahead && compareCheckpoints(ahead.after, after) === 0 ? ahead.events : undefined;
      ahead = undefined;
      let events = hit ? await hit : [];
      // An empty read ahead is old news by now (the caller may have indexed meanwhile): look again.
      if (events.length === 0) events = await read(after);
      const last = events[events.length - 1];
      if (last) ahead = { after: checkpointOf(last), events: read(checkpointOf(last)) };
      return events;
    },
  };
}
