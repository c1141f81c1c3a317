import pg from 'pg';
import type { Acknowledged } from './load.js';

export interface StoredRounds {
  stored: number;
  lost: number;
  duplicated: number;
  /** Rounds in the sessions read model (user side). */
  projected(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The rounds the event store holds, matched to what the load saw acknowledged by session and round number
 * (`response_time_ms`, stored as sent): lost are acknowledged rounds it lacks, duplicated are rounds it holds twice.
 */
export async function storedRounds(databaseUrl: string, acknowledged: readonly Acknowledged[]): Promise<StoredRounds> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ session_id: string; seq: number; copies: number }>(
    `SELECT data->>'session_id' AS session_id, (data->>'response_time_ms')::int AS seq, count(*)::int AS copies
     FROM events WHERE type = 'RoundIngested' GROUP BY 1, 2`,
  );
  const stored = new Set(rows.map((row) => `${row.session_id}#${row.seq}`));
  return {
    stored: rows.length,
    lost: acknowledged.filter((a) => !stored.has(`${a.sessionId}#${a.seq}`)).length,
    duplicated: rows.filter((row) => row.copies > 1).length,
    projected: async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM session_messages WHERE role = 'user'")).rows[0]!.n,
    close: () => db.end(),
  };
}
