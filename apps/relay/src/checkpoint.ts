import { migrate, type Db, type Queryable } from '@memctx/db';
import { createCheckpointStore, type Checkpoint } from '@memctx/event-store';

/** The relay's own checkpoint: apart from projections', so a projection rebuild never moves it. */
export async function migrateRelay(db: Db): Promise<void> {
  await migrate(db, 'relay', [
    {
      id: '0001_relay_checkpoints',
      sql: `CREATE TABLE relay_checkpoints (
        name text PRIMARY KEY,
        transaction_id bigint NOT NULL DEFAULT 0,
        global_position bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
    },
  ]);
}

export const relayCheckpoints = (db: Queryable) => createCheckpointStore(db, 'relay_checkpoints');

export const loadRelayCheckpoint = (db: Queryable, name: string): Promise<Checkpoint> => relayCheckpoints(db).load(name);
