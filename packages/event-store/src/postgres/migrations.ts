import { migrate, type Db } from '@memctx/db';

export const NOTIFY_CHANNEL = 'memctx_events';

export async function migrateEventStore(db: Db): Promise<void> {
  await migrate(db, 'event-store', [
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
  ]);
}
