import { BACKWARDS, END, KurrentDBClient, StreamDeletedError } from '@kurrent/kurrentdb-client';
import { START, WrongExpectedVersionError, appendOne, assertValidItems, type AppendManyOutcome, type Checkpoint, type EventStore, type RecordedEvent } from '@memctx/event-store';
import { appendItem } from './append.js';
import { eventsAfter, newestAfter } from './feed.js';
import { listenForAppends } from './notifier.js';
import { laterOf, revisionOf } from './positions.js';
import { createKeyedLock } from '@memctx/shared';
import { readEvents } from './streams.js';

export type KurrentDbEventStoreOptions = ({ connectionString: string } | { client: KurrentDBClient }) & {
  /**
   * The feed (readAll, head, countAfter) shows only events after
   * this checkpoint. $all is the whole database and cannot be emptied, so a
   * store that must start empty (the contract suite on a shared server) hides
   * what was there before it. Defaults to START: everything.
   */
  feedStart?: Checkpoint;
  /** How many of a stream's newest events an append reads to recognise a retried batch. Defaults to 100. */
  idempotencyWindow?: number;
  /** An append unanswered for this long fails (its outcome unknown, so a retry is safe). Defaults to 30,000 ms. */
  appendTimeoutMs?: number;
};

export type KurrentDbEventStore = EventStore & {
  /** Disposes the client if the store created it from a connection string; a client passed in stays the caller's. */
  close(): Promise<void>;
};

const FEED_PAGE = 1_000;

export function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): KurrentDbEventStore {
  const client = 'client' in options ? options.client : KurrentDBClient.connectionString(options.connectionString);
  const feedStart = options.feedStart ?? START;
  // An append looks at its stream before writing to it: two copies of one batch in flight together (a
  // retry while the first try still runs) would both look before either writes, and with 'any'
  // KurrentDB only catches the second from a cache of recent writes. Copies sent through different
  // processes still rely on KurrentDB's own check.
  const oneAtATime = createKeyedLock();
  const context = { client, idempotencyWindow: options.idempotencyWindow ?? 100, appendTimeoutMs: options.appendTimeoutMs ?? 30_000 };

  const store: KurrentDbEventStore = {
    append: (streamId, events, options) => appendOne(store.appendMany, streamId, events, options),
    /**
     * Items one after another, each committing or failing on its own. Not one
     * transaction, so not atomic across items: this client's multi-stream
     * appends (multiStreamAppend, appendRecords; KurrentDB 25.1+) are
     * all-or-nothing and cannot give a per-item outcome. Each item gets its own
     * transaction ids. An error that is not the item's own (a conflict, a
     * deleted stream) is thrown with earlier items already committed; the
     * caller's retry of the whole batch finds those as idempotent retries.
     */
    async appendMany(items) {
      assertValidItems(items);
      const outcomes: AppendManyOutcome[] = [];
      for (const item of items) {
        try {
          outcomes.push({ ok: true, result: await oneAtATime(item.streamId, () => appendItem(context, item)) });
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError || error instanceof StreamDeletedError)) throw error;
          outcomes.push({ ok: false, error });
        }
      }
      return outcomes;
    },
    /** Two reads, the version first; events are cut at that version so both describe one moment. */
    async readStream(streamId, { from = 1, last, maxCount } = {}) {
      const [newest] = await readEvents(client, streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
      const version = newest?.stream_position ?? 0;
      const first = Math.max(from, last === undefined ? 1 : version - last + 1, 1);
      const count = Math.min(maxCount ?? Number.MAX_SAFE_INTEGER, version - first + 1);
      if (count <= 0) return { version, events: [] };
      return { version, events: await readEvents(client, streamId, { fromRevision: revisionOf(first), maxCount: count }) };
    },
    async readAll({ after, maxCount }) {
      const events: RecordedEvent[] = [];
      if (maxCount <= 0) return events;
      // One more than asked: the page's first record is usually the checkpoint's own event again.
      for await (const event of eventsAfter(client, laterOf(after, feedStart), Math.min(maxCount + 1, FEED_PAGE))) {
        events.push(event);
        if (events.length >= maxCount) break;
      }
      return events;
    },
    head: () => newestAfter(client, feedStart),
    /** KurrentDB cannot count a range of $all, so this pages through it: O(events after the checkpoint). */
    async countAfter(after) {
      let count = 0;
      for await (const _ of eventsAfter(client, laterOf(after, feedStart), FEED_PAGE)) count++;
      return count;
    },
    /** A filtered $all subscription, used only as the wake-up of the processors that poll readAll. */
    onAppended: (listener) => listenForAppends(client, listener),
    async close() {
      if (!('client' in options)) await client.dispose();
    },
  };
  return store;
}
