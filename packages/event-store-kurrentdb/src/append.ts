import { BACKWARDS, END, WrongExpectedVersionError as KurrentWrongExpectedVersionError, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import {
  START,
  WrongExpectedVersionError,
  checkpointOf,
  satisfiesExpectedVersion,
  type AppendManyItem,
  type AppendResult,
  type EventToAppend,
  type ExpectedVersion,
  type RecordedEvent,
} from '@memctx/event-store';
import { toEventData } from './codec.js';
import { revisionOf, toStreamState, versionOf } from './positions.js';
import { readEvents } from './streams.js';

export interface AppendContext {
  client: KurrentDBClient;
  /** How many of a stream's newest events an append reads to find a retried batch. */
  idempotencyWindow: number;
  appendTimeoutMs: number;
}

/**
 * One item of an append, idempotent by event id. KurrentDB itself only
 * recognises a retried batch from a cache of recent writes (or at an exact
 * expected version), and refuses or duplicates a partial one, so the store
 * looks first: it reads the stream's newest `idempotencyWindow` events, plus
 * the slot an exact expected version names, and appends only the events the
 * stream does not hold. A retry older than the window with 'any' or
 * 'stream_exists' falls back to KurrentDB's own check.
 *
 * Cost: each append is a backwards read of up to the window, the append, and
 * a read of the one event that gives the result its $all position (a
 * successful append's own position is not the batch's last event's).
 */
export async function appendItem(context: AppendContext, item: AppendManyItem): Promise<AppendResult> {
  const { client } = context;
  const expected = item.expectedVersion ?? 'any';
  const batch = uniqueById(item.events);
  const seen = await lookUp(context, item.streamId, batch, expected);
  if (batch.length > 0 && seen.held.size === batch.length) return resultOf(newest(seen.held));

  const fresh = batch.filter((event) => !seen.held.has(idOf(event)));
  if (fresh.length === 0) {
    if (!satisfiesExpectedVersion(expected, seen.version)) throw new WrongExpectedVersionError(item.streamId, expected, seen.version);
    return { next_expected_version: seen.version, last_global_position: 0, position: START };
  }

  const appended = await tryAppend(context, item.streamId, fresh, expected);
  if ('refused' in appended) return afterRefusal(context, item, batch, expected, appended.actual);
  const [last] = await readEvents(client, item.streamId, { fromRevision: appended.revision, maxCount: 1 });
  if (!last) throw new Error(`stream ${item.streamId} lost revision ${appended.revision} right after appending it`);
  return resultOf(last);
}

type Appended = { revision: bigint } | { refused: true; actual?: number | undefined };

async function tryAppend(context: AppendContext, streamId: string, events: EventToAppend[], expected: ExpectedVersion): Promise<Appended> {
  try {
    const write = context.client.appendToStream(streamId, events.map(toEventData), { streamState: toStreamState(expected) });
    const result = await withTimeout(write, context.appendTimeoutMs, `append to ${streamId}`);
    // A client built with throwOnAppendFailure: false reports a refusal instead of throwing it (and its revision is unreliable).
    return result.success ? { revision: result.nextExpectedRevision } : { refused: true };
  } catch (error) {
    if (error instanceof KurrentWrongExpectedVersionError) return { refused: true, actual: versionOf(error.actualState) };
    throw error;
  }
}

/**
 * The client asks a new connection for the server's features with no deadline,
 * so an append to a server that accepts connections but never answers would
 * wait forever. Giving up leaves the outcome unknown, which is safe: the
 * caller's retry of the same events is recognised as one.
 */
function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer from KurrentDB within ${ms} ms; it may or may not have been stored`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A refused append may have lost the race to a copy of the same batch (a client
 * retrying while its first try is in flight): then it is that retry, and gets
 * the first store's result. Otherwise it is a conflict.
 */
async function afterRefusal(context: AppendContext, item: AppendManyItem, batch: EventToAppend[], expected: ExpectedVersion, actual?: number): Promise<AppendResult> {
  const seen = await lookUp(context, item.streamId, batch, expected);
  if (batch.length > 0 && seen.held.size === batch.length) return resultOf(newest(seen.held));
  throw new WrongExpectedVersionError(item.streamId, expected, actual ?? seen.version);
}

interface Seen {
  /** The stream's version when looked at (0: no stream). */
  version: number;
  /** The batch's events the stream holds, by lower-case id. */
  held: Map<string, RecordedEvent>;
}

async function lookUp({ client, idempotencyWindow }: AppendContext, streamId: string, batch: EventToAppend[], expected: ExpectedVersion): Promise<Seen> {
  const ids = new Set(batch.map(idOf));
  const maxCount = ids.size === 0 ? 1 : Math.max(idempotencyWindow, 1);
  const tail = await readEvents(client, streamId, { direction: BACKWARDS, fromRevision: END, maxCount });
  const held = new Map<string, RecordedEvent>();
  const keep = (events: RecordedEvent[]) => {
    for (const event of events) if (ids.has(event.event_id)) held.set(event.event_id, event);
  };
  keep(tail);
  // An exact expected version says where a retried batch sits, however long ago it was stored.
  const at = expected === 'no_stream' ? 0 : typeof expected === 'number' ? expected : undefined;
  const oldestSeen = tail[tail.length - 1]?.stream_position ?? 1;
  if (held.size < ids.size && at !== undefined && at + 1 < oldestSeen) {
    keep(await readEvents(client, streamId, { fromRevision: revisionOf(at + 1), maxCount: ids.size }));
  }
  return { version: tail[0]?.stream_position ?? 0, held };
}

function resultOf(last: RecordedEvent): AppendResult {
  return {
    next_expected_version: last.stream_position,
    last_global_position: last.global_position,
    last_transaction_id: last.transaction_id,
    position: checkpointOf(last),
  };
}

const newest = (held: Map<string, RecordedEvent>): RecordedEvent =>
  [...held.values()].reduce((a, b) => (a.stream_position > b.stream_position ? a : b));

// uuids compare case-insensitively, as the PostgreSQL store's uuid column does.
const idOf = (event: EventToAppend): string => event.event_id.toLowerCase();

/** An id repeated within one batch is stored once, at its first occurrence. */
function uniqueById(events: EventToAppend[]): EventToAppend[] {
  const seen = new Set<string>();
  return events.filter((event) => !seen.has(idOf(event)) && seen.add(idOf(event)));
}
