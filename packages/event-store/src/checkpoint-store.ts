import type { Queryable } from '@memctx/db';
import { START, type Checkpoint } from './types.js';

/** Named positions in the feed of a processor that keeps its own (the dispatcher, the relay); projections keep theirs with their rows. */
export interface CheckpointStore {
  /** START when the name has none yet. */
  load(name: string): Promise<Checkpoint>;
  save(name: string, checkpoint: Checkpoint): Promise<void>;
}

/** Over a table of (name, transaction_id, global_position, updated_at), which each processor migrates as its own. */
export function createCheckpointStore(db: Queryable, table: string): CheckpointStore {
  return {
    async load(name) {
      const { rows } = await db.query<{ transaction_id: string | number; global_position: string | number }>(
        `SELECT transaction_id, global_position FROM ${table} WHERE name = $1`,
        [name],
      );
      return rows[0] ? { transaction_id: Number(rows[0].transaction_id), global_position: Number(rows[0].global_position) } : START;
    },
    async save(name, checkpoint) {
      await db.query(
        `INSERT INTO ${table} (name, transaction_id, global_position) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position, updated_at = now()`,
        [name, checkpoint.transaction_id, checkpoint.global_position],
      );
    },
  };
}
