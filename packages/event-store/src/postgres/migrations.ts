import { migrate, type Db, type Migration } from '@memctx/db';

/**
 * The NOTIFY channel appends are announced on, with an empty payload: only a wake-up. Other notices share the channel
 * (and its one LISTEN connection) with a payload of their own, which `onAppended` passes over.
 */
export const NOTIFY_CHANNEL = 'memctx_events';

/** Released migrations never change; a new definition of the function is a new migration. */
const migrations: Migration[] = [
  {
    id: '0001_events',
    sql: `
      CREATE TABLE streams (
        stream_id text PRIMARY KEY,
        version bigint NOT NULL
      );
      CREATE TABLE events (
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        transaction_id xid8 NOT NULL,
        stream_id text NOT NULL,
        stream_position bigint NOT NULL,
        event_id uuid NOT NULL,
        type text NOT NULL,
        schema_version int NOT NULL DEFAULT 1,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream_id, stream_position),
        UNIQUE (stream_id, event_id)
      );
      -- The feed reads in (transaction_id, global_position) order.
      CREATE INDEX events_feed ON events (transaction_id, global_position);
    `,
  },
  {
    // A function, so an append of any batch is one round trip with plans cached per connection:
    // planning the same logic as one ad-hoc statement cost more than running it.
    // Callers give each stream at most one item per call (see splitIntoRounds).
    // A streams row at version 0 means "no stream": the lock step below leaves one behind
    // when an append to a stream that does not exist is refused.
    id: '0002_append_function',
    sql: `
      CREATE FUNCTION memctx_append(batch jsonb)
      RETURNS TABLE (item int, outcome text, next_version bigint, global_position bigint, transaction_id xid8)
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        xid xid8 := pg_current_xact_id();
      BEGIN
        IF (SELECT count(DISTINCT b->>'stream_id') FROM jsonb_array_elements(batch) b) <> jsonb_array_length(batch) THEN
          RAISE EXCEPTION 'memctx_append: a stream appears twice in one call';
        END IF;

        -- Lock every stream row, creating missing ones, in stream order: concurrent batches cannot
        -- deadlock, and the next statement sees everything committed to these streams.
        INSERT INTO streams AS s (stream_id, version)
        SELECT b->>'stream_id', 0 FROM jsonb_array_elements(batch) b ORDER BY 1
        ON CONFLICT (stream_id) DO UPDATE SET version = s.version WHERE false;

        RETURN QUERY
        WITH
          item AS (
            SELECT (b.ord - 1)::int AS item, s.stream_id, s.version AS actual, b.value->'events' AS events,
                   b.value->>'expected' IN ('any', s.version::text) OR (b.value->>'expected' = 'stream_exists' AND s.version > 0) AS holds
            FROM jsonb_array_elements(batch) WITH ORDINALITY AS b(value, ord)
            JOIN streams s ON s.stream_id = b.value->>'stream_id'
          ),
          -- Every event, with its copy already in the stream if there is one (LIMIT 1 keeps this an index probe).
          input AS (
            SELECT i.stream_id, i.actual, i.holds, e.*,
                   stored.stream_position AS stored_position, stored.global_position AS stored_global_position,
                   stored.transaction_id AS stored_transaction_id
            FROM item i
            CROSS JOIN ROWS FROM (jsonb_to_recordset(i.events)
              AS (event_id uuid, type text, schema_version int, data jsonb, metadata jsonb)) WITH ORDINALITY
              AS e(event_id, type, schema_version, data, metadata, ord)
            LEFT JOIN LATERAL (
              SELECT s.stream_position, s.global_position, s.transaction_id FROM events s
              WHERE s.stream_id = i.stream_id AND s.event_id = e.event_id LIMIT 1
            ) stored ON true
          ),
          -- What the winners write: each new event id once, numbered from the stream's version.
          -- Losers and retries have nothing here, so they write nothing and burn no position.
          numbered AS (
            SELECT f.*, count(*) OVER (PARTITION BY f.stream_id) AS n, row_number() OVER (PARTITION BY f.stream_id ORDER BY f.ord) AS k
            FROM (
              SELECT DISTINCT ON (e.stream_id, e.event_id) e.* FROM input e
              WHERE e.stored_position IS NULL AND e.holds ORDER BY e.stream_id, e.event_id, e.ord
            ) f
          ),
          bumped AS (
            UPDATE streams s SET version = s.version + w.n
            FROM (SELECT DISTINCT stream_id, n FROM numbered) w WHERE s.stream_id = w.stream_id
          ),
          appended AS (
            INSERT INTO events (transaction_id, stream_id, stream_position, event_id, type, schema_version, data, metadata)
            SELECT xid, w.stream_id, w.actual + w.k, w.event_id, w.type, coalesce(w.schema_version, 1), w.data, coalesce(w.metadata, '{}')
            FROM numbered w ORDER BY w.stream_id, w.ord
            RETURNING stream_id, stream_position, global_position
          ),
          written AS (
            SELECT a.stream_id, max(a.stream_position) AS version, max(a.global_position) AS global_position
            FROM appended a GROUP BY a.stream_id
          ),
          -- An item whose every event is stored is a retry: it answers with the latest of them.
          stored AS (
            SELECT e.stream_id, count(*) AS events, count(e.stored_position) AS stored,
                   (array_agg(e.stored_position ORDER BY e.stored_position DESC NULLS LAST))[1] AS version,
                   (array_agg(e.stored_global_position ORDER BY e.stored_position DESC NULLS LAST))[1] AS global_position,
                   (array_agg(e.stored_transaction_id ORDER BY e.stored_position DESC NULLS LAST))[1] AS transaction_id
            FROM input e GROUP BY e.stream_id
          )
        SELECT i.item,
               CASE WHEN st.events = st.stored THEN 'retried' WHEN i.holds THEN 'appended' ELSE 'conflict' END,
               CASE WHEN st.events = st.stored THEN st.version ELSE coalesce(w.version, i.actual) END,
               CASE WHEN st.events = st.stored THEN st.global_position ELSE w.global_position END,
               CASE WHEN st.events = st.stored THEN st.transaction_id WHEN w.stream_id IS NOT NULL THEN xid END
        FROM item i
        LEFT JOIN stored st ON st.stream_id = i.stream_id
        LEFT JOIN written w ON w.stream_id = i.stream_id;
      END
      $fn$;
    `,
  },
  {
    // The feed's horizon (memctx_feed_horizon) counts only transactions that append, so a long transaction that
    // writes anything else (an index build, another database's work) no longer holds the feed back. It finds the
    // appending ones by their lock on events, so an append takes that lock before it has a transaction id:
    // the function of 0002 is kept under another name and called after the lock.
    id: '0003_feed_horizon',
    sql: `
      ALTER FUNCTION memctx_append(jsonb) RENAME TO memctx_append_after_lock;
      CREATE FUNCTION memctx_append(batch jsonb)
      RETURNS TABLE (item int, outcome text, next_version bigint, global_position bigint, transaction_id xid8)
      LANGUAGE plpgsql AS $fn$
      BEGIN
        LOCK TABLE events IN ROW EXCLUSIVE MODE;
        RETURN QUERY SELECT * FROM memctx_append_after_lock(batch);
      END
      $fn$;

      -- The newest transaction id below which every appending transaction of the snapshot has ended: events below
      -- it are settled, and none can still appear there. An id the snapshot holds as running counts when it still
      -- runs and holds the lock on events (an append in flight), or when it has ended since and its events can be
      -- seen now (an append the snapshot cannot see). One still running without that lock got its id before any
      -- lock on events, so it never appends; one that ended without events appended nothing. Each step reads what
      -- the step before settled, so each is its own statement: the locks, then which ids have ended, then the
      -- events of those. Nothing else counts, so no transaction of another database or of other tables holds the
      -- feed back, and the horizon never moves backwards. A backend's id comes from pg_stat_activity (cleared
      -- first: it is otherwise read once per transaction), not from its lock on its own id, which PostgreSQL takes
      -- only after the id is in snapshots: in that window an append in flight would not count.
      CREATE FUNCTION memctx_feed_horizon(snapshot pg_snapshot) RETURNS xid8
      LANGUAGE plpgsql VOLATILE AS $fn$
      DECLARE
        appending xid[];
        ended xid8[];
        horizon xid8;
      BEGIN
        PERFORM pg_stat_clear_snapshot();
        SELECT coalesce(array_agg(a.backend_xid), '{}') INTO appending
        FROM pg_locks r JOIN pg_stat_activity a ON a.pid = r.pid
        WHERE r.locktype = 'relation' AND r.relation = 'events'::regclass AND r.mode = 'RowExclusiveLock'
          AND r.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND a.backend_xid IS NOT NULL;
        SELECT coalesce(array_agg(x), '{}') INTO ended FROM pg_snapshot_xip(snapshot) AS x
        WHERE pg_xact_status(x) IS DISTINCT FROM 'in progress';
        SELECT min(x) INTO horizon FROM pg_snapshot_xip(snapshot) AS x
        WHERE CASE WHEN x = ANY(ended) THEN EXISTS (SELECT 1 FROM events e WHERE e.transaction_id = x)
                   ELSE x::xid = ANY(appending) END;
        RETURN least(horizon, pg_snapshot_xmax(snapshot));
      END
      $fn$;
    `,
  },
];

export async function migrateEventStore(db: Db): Promise<void> {
  await migrate(db, 'event-store', migrations);
}
