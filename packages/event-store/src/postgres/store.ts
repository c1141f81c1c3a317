import type { Db } from '@memctx/db';
import { assertValidItems } from '../validation.js';
import { appendOne } from '../append-one.js';
import { START, type Checkpoint, type EventStore, type RecordedEvent } from '../types.js';
import { appendInTransaction, splitIntoRounds } from './append.js';
import { NOTIFY_CHANNEL } from './migrations.js';

const COLUMNS = 'global_position, transaction_id, stream_id, stream_position, event_id, type, schema_version, data, metadata, created_at';

/**
 * Only transactions below the feed's horizon (migration 0003): a transaction
 * still appending may hold a lower position than rows already committed, and a
 * reader that moved past those rows would never see it. Transactions that do not
 * append (in this database or any other) do not hold the feed back.
 */
const SETTLED = 'transaction_id < (SELECT memctx_feed_horizon(pg_current_snapshot()))';
const AFTER = '(transaction_id, global_position) > ($1::text::xid8, $2)';

/**
 * A safety net: memctx_append locks its streams in one order before reading
 * them, so a concurrent copy of the same events, a deadlock or a serialization
 * failure should not reach here; if one does, running the batch again sees the
 * winner and reports a retry or a conflict.
 */
function isTransient(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return (code === '23505' && constraint === 'events_stream_id_event_id_key') || code === '40P01' || code === '40001';
}

/**
 * NOTIFY after the append commits, not inside it: a transaction that notifies
 * takes a cluster-wide lock held until its commit is flushed, which serialises
 * every appending commit and, with many writers, cuts the append rate to a
 * fraction of what it is without. One notification is in flight
 * at a time and appends meanwhile fold into one more. It is only a wake-up: a
 * lost one costs a follower of the feed one idle wait.
 */
function createNotifier(db: Db): () => void {
  let sending = false;
  let again = false;
  return () => {
    again = true;
    if (sending) return;
    sending = true;
    void (async () => {
      while (again) {
        again = false;
        await db.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, ''], { prepare: true }).catch(() => undefined);
      }
      sending = false;
    })();
  };
}

export function createPostgresEventStore(db: Db): EventStore {
  const notify = createNotifier(db);

  const store: EventStore = {
    append: (streamId, events, options) => appendOne(store.appendMany, streamId, events, options),
    async appendMany(items) {
      assertValidItems(items);
      if (items.length === 0) return [];
      for (let attempt = 1; ; attempt++) {
        try {
          // One round is one self-committing call; more need a transaction around them.
          const outcomes =
            splitIntoRounds(items).length === 1
              ? await appendInTransaction(db, items)
              : await db.transaction((tx) => appendInTransaction(tx, items));
          if (outcomes.some((o) => o.ok && o.result.last_transaction_id !== undefined)) notify();
          return outcomes;
        } catch (error) {
          if (attempt >= 3 || !isTransient(error)) throw error;
        }
      }
    },
    async readStream(streamId, options = {}) {
      // One statement, so the version and the events come from one snapshot.
      const { rows } = await db.query<RecordedEvent & { version: number }>(
        `SELECT s.version, e.* FROM (SELECT coalesce(max(version), 0) AS version FROM streams WHERE stream_id = $1) s
         LEFT JOIN LATERAL (
           SELECT ${COLUMNS} FROM events
           WHERE stream_id = $1 AND stream_position >= greatest($2::bigint, s.version - coalesce($4::bigint, s.version))
           ORDER BY stream_position LIMIT $3
         ) e ON true
         ORDER BY e.stream_position`,
        [streamId, options.from ?? 1, options.maxCount ?? null, options.last === undefined ? null : options.last - 1],
      );
      const version = rows[0]?.version ?? 0;
      const events = rows.filter((row) => row.global_position !== null).map(({ version: _, ...event }) => event);
      return { version, events };
    },
    async readAll({ after, maxCount }) {
      const { rows } = await db.query<RecordedEvent>(
        `SELECT ${COLUMNS} FROM events WHERE ${AFTER} AND ${SETTLED} ORDER BY transaction_id, global_position LIMIT $3`,
        [String(after.transaction_id), after.global_position, maxCount],
        { prepare: true },
      );
      return rows;
    },
    async head(): Promise<Checkpoint> {
      const { rows } = await db.query<Checkpoint>(
        `SELECT transaction_id, global_position FROM events WHERE ${SETTLED}
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      return rows[0] ?? START;
    },
    async countAfter(after) {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*) AS n FROM events WHERE ${AFTER} AND ${SETTLED}`, [
        String(after.transaction_id),
        after.global_position,
      ]);
      return rows[0]?.n ?? 0;
    },
    onAppended: (listener) => db.listen(NOTIFY_CHANNEL, (payload) => {
      if (payload === '') listener();
    }),
  };
  return store;
}
