import { migrate, type Db, type Queryable } from '@memctx/db';
import { START, type Checkpoint } from '@memctx/event-store';

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

export async function loadRelayCheckpoint(db: Queryable, name: string): Promise<Checkpoint> {
  const { rows } = await db.query<{ transaction_id: number; global_position: number }>(
    'SELECT transaction_id, global_position FROM relay_checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? { transaction_id: Number(rows[0].transaction_id), global_position: Number(rows[0].global_position) } : START;
}

export async function saveRelayCheckpoint(db: Queryable, name: string, checkpoint: Checkpoint): Promise<void> {
  await db.query(
    `INSERT INTO relay_checkpoints (name, transaction_id, global_position) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position, updated_at = now()`,
    [name, checkpoint.transaction_id, checkpoint.global_position],
  );
}
