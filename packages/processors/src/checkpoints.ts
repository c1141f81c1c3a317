import { migrate, type Db, type Queryable } from '@memctx/db';
import { START, compareCheckpoints, type Checkpoint } from '@memctx/event-store';

/** The partition of a processor that follows the whole feed in one line; other partitions are partition keys (users). */
export const WHOLE_FEED = '';

/**
 * Where each processor is in the feed: one row per (processor, partition) in `processor_checkpoints`, on a
 * PostgreSQL server or on PGlite (the embedded default) alike, as every store here.
 */
export interface CheckpointStore {
  /** START when the processor has none yet. */
  load(processor: string, partition?: string): Promise<Checkpoint>;
  /** The saved checkpoints among `partitions` (those without one are left out). */
  loadPartitions(processor: string, partitions: readonly string[]): Promise<Map<string, Checkpoint>>;
  /**
   * Moves the checkpoint to `next` if it is still at `expected` (none saved counts as START): false when someone
   * else moved it meanwhile (another instance of the processor), which leaves it where they put it.
   */
  save(processor: string, next: Checkpoint, expected: Checkpoint, partition?: string): Promise<boolean>;
  /** Sets the checkpoint of each partition named (no comparison: the caller holds what serialises its writers). */
  savePartitions(processor: string, checkpoints: ReadonlyMap<string, Checkpoint>): Promise<void>;
  /** Deletes every partition's checkpoint of the processor: it will not run again (a retired or dropped projection generation). */
  remove(processor: string): Promise<void>;
  /** The same store inside a transaction, so a checkpoint commits with what it covers. */
  within(tx: Queryable): CheckpointStore;
}

export async function migrateCheckpoints(db: Db): Promise<void> {
  await migrate(db, 'processors', [
    {
      id: '0001_processor_checkpoints',
      sql: `CREATE TABLE processor_checkpoints (
        processor text NOT NULL,
        partition text NOT NULL,
        transaction_id bigint NOT NULL,
        global_position bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (processor, partition)
      )`,
    },
    {
      // The relay and the document dispatcher kept their checkpoints in tables of their own before; a running
      // deployment carries on from them (names as the relay and the dispatcher give them: relay:<topic>, dispatcher:<name>).
      id: '0002_adopt_relay_and_dispatcher_checkpoints',
      sql: `DO $$
      BEGIN
        IF to_regclass('relay_checkpoints') IS NOT NULL THEN
          INSERT INTO processor_checkpoints (processor, partition, transaction_id, global_position, updated_at)
            SELECT 'relay:' || name, '', transaction_id, global_position, updated_at FROM relay_checkpoints ON CONFLICT DO NOTHING;
          DROP TABLE relay_checkpoints;
        END IF;
        IF to_regclass('dispatcher_checkpoints') IS NOT NULL THEN
          INSERT INTO processor_checkpoints (processor, partition, transaction_id, global_position, updated_at)
            SELECT 'dispatcher:' || name, '', transaction_id, global_position, updated_at FROM dispatcher_checkpoints ON CONFLICT DO NOTHING;
          DROP TABLE dispatcher_checkpoints;
        END IF;
      END $$`,
    },
  ]);
}

interface Row {
  partition: string;
  transaction_id: number;
  global_position: number;
}

const checkpointOfRow = (row: Row): Checkpoint => ({ transaction_id: Number(row.transaction_id), global_position: Number(row.global_position) });

export function createCheckpointStore(db: Queryable): CheckpointStore {
  return {
    async load(processor, partition = WHOLE_FEED) {
      const { rows } = await db.query<Row>(
        'SELECT partition, transaction_id, global_position FROM processor_checkpoints WHERE processor = $1 AND partition = $2',
        [processor, partition],
        { prepare: true },
      );
      return rows[0] ? checkpointOfRow(rows[0]) : START;
    },

    async loadPartitions(processor, partitions) {
      const { rows } = await db.query<Row>(
        'SELECT partition, transaction_id, global_position FROM processor_checkpoints WHERE processor = $1 AND partition = ANY($2::text[])',
        [processor, partitions],
        { prepare: true },
      );
      return new Map(rows.map((row) => [row.partition, checkpointOfRow(row)]));
    },

    async save(processor, next, expected, partition = WHOLE_FEED) {
      // A concurrent writer's UPDATE makes ours wait and then find the row no longer at `expected`: one of the two wins.
      const moved = await db.query(
        `UPDATE processor_checkpoints SET transaction_id = $3, global_position = $4, updated_at = now()
         WHERE processor = $1 AND partition = $2 AND transaction_id = $5 AND global_position = $6`,
        [processor, partition, next.transaction_id, next.global_position, expected.transaction_id, expected.global_position],
        { prepare: true },
      );
      if (moved.rowCount > 0) return true;
      if (compareCheckpoints(expected, START) !== 0) return false;
      // The first save: a row inserted meanwhile by another instance means it was first.
      const inserted = await db.query(
        `INSERT INTO processor_checkpoints (processor, partition, transaction_id, global_position) VALUES ($1, $2, $3, $4)
         ON CONFLICT (processor, partition) DO NOTHING`,
        [processor, partition, next.transaction_id, next.global_position],
        { prepare: true },
      );
      return inserted.rowCount > 0;
    },

    async savePartitions(processor, checkpoints) {
      if (checkpoints.size === 0) return;
      const partitions = [...checkpoints.keys()];
      const values = [...checkpoints.values()];
      await db.query(
        `INSERT INTO processor_checkpoints (processor, partition, transaction_id, global_position)
         SELECT $1, p, t, g FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS u(p, t, g)
         ON CONFLICT (processor, partition) DO UPDATE
           SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position, updated_at = now()`,
        [processor, partitions, values.map((c) => c.transaction_id), values.map((c) => c.global_position)],
        { prepare: true },
      );
    },

    async remove(processor) {
      await db.query('DELETE FROM processor_checkpoints WHERE processor = $1', [processor]);
    },

    within: (tx) => createCheckpointStore(tx),
  };
}
