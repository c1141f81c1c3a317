import type { Db, Queryable } from '@memctx/db';
import { assertExpectedVersion } from '../expected-version.js';
import { pollingSubscription } from '../subscription.js';
import {
  START,
  WrongExpectedVersionError,
  type AppendManyItem,
  type AppendManyOutcome,
  type Checkpoint,
  type EventStore,
  type RecordedEvent,
} from '../types.js';
import { NOTIFY_CHANNEL } from './migrations.js';

interface EventRow {
  global_position: number;
  transaction_id: number;
  stream_id: string;
  stream_position: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: Date;
}

const eventColumns =
  'global_position, transaction_id, stream_id, stream_position, event_id, type, schema_version, data, metadata, created_at';

/** Only transactions older than every running one are visible: a slow committer can never be skipped. */
const visible = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/**
 * Appends a batch of stream appends inside an open transaction, with a
 * constant number of statements whatever the batch size:
 * 1. take the transaction id first;
 * 2. lock the streams' version rows (sorted, so concurrent batches cannot deadlock)
 *    and look up event ids already stored (idempotent retries);
 * 3. decide per item in memory; create new streams with ON CONFLICT DO NOTHING
 *    (a concurrent creator wins, the loser conflicts) and bump existing ones;
 * 4. insert all events of the winners in one multi-row INSERT.
 * Losers fail before anything of theirs is written.
 */
export async function appendInTransaction(tx: Queryable, items: readonly AppendManyItem[]): Promise<AppendManyOutcome[]> {
  const { rows: xidRows } = await tx.query<{ xid: number }>('SELECT pg_current_xact_id() AS xid');
  const xid = xidRows[0]!.xid;
  const streamIds = [...new Set(items.map((item) => item.streamId))].sort();
  const { rows: versionRows } = await tx.query<{ stream_id: string; version: number }>(
    'SELECT stream_id, version FROM streams WHERE stream_id = ANY($1::text[]) ORDER BY stream_id FOR UPDATE',
    [streamIds],
  );
  const versions = new Map(versionRows.map((row) => [row.stream_id, row.version]));
  const { rows: existingRows } = await tx.query<{ stream_id: string; event_id: string; global_position: number; transaction_id: number }>(
    `SELECT e.stream_id, e.event_id::text, e.global_position, e.transaction_id FROM events e
     JOIN unnest($1::text[], $2::uuid[]) AS k(stream_id, event_id) ON e.stream_id = k.stream_id AND e.event_id = k.event_id`,
    [items.flatMap((item) => item.events.map(() => item.streamId)), items.flatMap((item) => item.events.map((e) => e.event_id))],
  );
  const existing = new Map(existingRows.map((row) => [`${row.stream_id}\n${row.event_id}`, row]));

  const outcomes: Array<AppendManyOutcome | undefined> = new Array(items.length);
  const accepted: Array<{ index: number; item: AppendManyItem; from: number; created: boolean }> = [];
  for (const [index, item] of items.entries()) {
    const found = item.events.map((e) => existing.get(`${item.streamId}\n${e.event_id}`));
    const actual = versions.get(item.streamId) ?? 0;
    if (item.events.length > 0 && found.every(Boolean)) {
      const last = found[found.length - 1]!;
      outcomes[index] = {
        ok: true,
        result: { next_expected_version: actual, position: { transaction_id: last.transaction_id, global_position: last.global_position } },
      };
      continue;
    }
    try {
      assertExpectedVersion(item.streamId, item.expectedVersion ?? 'any', actual);
    } catch (error) {
      outcomes[index] = { ok: false, error: error as Error };
      continue;
    }
    const fresh = item.events.filter((_, i) => !found[i]);
    if (fresh.length === 0) {
      outcomes[index] = { ok: true, result: { next_expected_version: actual, position: START } };
      continue;
    }
    accepted.push({ index, item: { ...item, events: fresh }, from: actual, created: !versions.has(item.streamId) });
    versions.set(item.streamId, actual + fresh.length);
  }

  // New streams: a concurrent transaction may have created the same stream since we looked.
  const creating = accepted.filter((a) => a.created);
  if (creating.length > 0) {
    const { rows } = await tx.query<{ stream_id: string }>(
      `INSERT INTO streams (stream_id, version) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id`,
      [creating.map((a) => a.item.streamId), creating.map((a) => versions.get(a.item.streamId)!)],
    );
    const created = new Set(rows.map((row) => row.stream_id));
    for (const a of creating) {
      if (created.has(a.item.streamId)) continue;
      outcomes[a.index] = { ok: false, error: new WrongExpectedVersionError(a.item.streamId, a.item.expectedVersion ?? 'any', -1) };
    }
  }
  const winners = accepted.filter((a) => !outcomes[a.index]);
  const updating = winners.filter((a) => !a.created);
  if (updating.length > 0) {
    const finalVersions = new Map(updating.map((a) => [a.item.streamId, versions.get(a.item.streamId)!]));
    await tx.query(
      'UPDATE streams s SET version = v.version FROM unnest($1::text[], $2::bigint[]) AS v(stream_id, version) WHERE s.stream_id = v.stream_id',
      [[...finalVersions.keys()], [...finalVersions.values()]],
    );
  }
  if (winners.length > 0) {
    const rows = winners.flatMap((a) => a.item.events.map((event, i) => ({ a, event, position: a.from + i + 1 })));
    const { rows: inserted } = await tx.query<{ global_position: number }>(
      `INSERT INTO events (transaction_id, stream_id, stream_position, event_id, type, schema_version, data, metadata)
       SELECT $1::text::xid8, stream_id, stream_position, event_id, type, schema_version, data, metadata
       FROM unnest($2::text[], $3::bigint[], $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[])
         WITH ORDINALITY AS e(stream_id, stream_position, event_id, type, schema_version, data, metadata, ord)
       ORDER BY ord
       RETURNING global_position`,
      [
        String(xid),
        rows.map((r) => r.a.item.streamId),
        rows.map((r) => r.position),
        rows.map((r) => r.event.event_id),
        rows.map((r) => r.event.type),
        rows.map((r) => r.event.schema_version ?? 1),
        rows.map((r) => JSON.stringify(r.event.data)),
        rows.map((r) => JSON.stringify(r.event.metadata ?? {})),
      ],
    );
    const lastPosition = Math.max(...inserted.map((row) => row.global_position));
    await tx.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, String(lastPosition)]);
    // Positions come back in insert order, one per row; map each winner to its last event.
    let offset = 0;
    const sorted = inserted.map((row) => row.global_position).sort((x, y) => x - y);
    for (const a of winners) {
      offset += a.item.events.length;
      outcomes[a.index] = {
        ok: true,
        result: {
          next_expected_version: a.from + a.item.events.length,
          position: { transaction_id: xid, global_position: sorted[offset - 1]! },
        },
      };
    }
  }
  return outcomes.map((outcome) => outcome!);
}

function toRecorded(row: EventRow): RecordedEvent {
  return { ...row, event_id: String(row.event_id) };
}

export function createPostgresEventStore(db: Db): EventStore {
  const store: EventStore = {
    async append(streamId, events, options = {}) {
      const [outcome] = await store.appendMany([{ streamId, events, expectedVersion: options.expectedVersion }]);
      if (!outcome!.ok) throw outcome!.error;
      return outcome!.result;
    },
    appendMany: (items) => db.transaction((tx) => appendInTransaction(tx, items)),
    async readStream(streamId, options = {}) {
      const [{ rows: versionRows }, { rows }] = [
        await db.query<{ version: number }>('SELECT version FROM streams WHERE stream_id = $1', [streamId]),
        await db.query<EventRow>(
          `SELECT ${eventColumns} FROM events WHERE stream_id = $1 AND stream_position >= $2 ORDER BY stream_position LIMIT $3`,
          [streamId, options.from ?? 1, options.maxCount ?? null],
        ),
      ];
      return { version: versionRows[0]?.version ?? 0, events: rows.map(toRecorded) };
    },
    async readAll({ after, maxCount }) {
      const { rows } = await db.query<EventRow>(
        `SELECT ${eventColumns} FROM events
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2) AND ${visible}
         ORDER BY transaction_id, global_position LIMIT $3`,
        [String(after.transaction_id), after.global_position, maxCount],
      );
      return rows.map(toRecorded);
    },
    async head(): Promise<Checkpoint> {
      const { rows } = await db.query<Checkpoint>(
        `SELECT transaction_id, global_position FROM events WHERE ${visible}
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      return rows[0] ?? START;
    },
    async countAfter(after) {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::bigint AS n FROM events WHERE (transaction_id, global_position) > ($1::text::xid8, $2) AND ${visible}`,
        [String(after.transaction_id), after.global_position],
      );
      return rows[0]?.n ?? 0;
    },
    onAppended: (listener) => db.listen(NOTIFY_CHANNEL, () => listener()),
    subscribe: (options) => pollingSubscription(store, options),
  };
  return store;
}
