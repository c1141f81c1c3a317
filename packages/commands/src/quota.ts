import { migrate, type Db } from '@memctx/db';

export interface QuotaDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets (next UTC midnight). */
  resetAt: number;
}

/** The daily ingest quota, shared by memory ingest, generated statements and connector ingest. */
export interface QuotaStore {
  consume(userId: string, amount: number, now: Date): Promise<QuotaDecision>;
}

export function utcDay(now: Date): { day: string; resetAt: number } {
  const day = now.toISOString().slice(0, 10);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { day, resetAt: Math.floor(next / 1000) };
}

export async function migrateQuota(db: Db): Promise<void> {
  await migrate(db, 'quota', [
    {
      id: '0001_ingest_quota',
      sql: `CREATE TABLE ingest_quota (
        user_id text NOT NULL,
        day date NOT NULL,
        used int NOT NULL,
        PRIMARY KEY (user_id, day)
      )`,
    },
  ]);
}

/**
 * Counts in PostgreSQL with one conditional upsert, so concurrent requests on
 * any replica can never together pass the limit. A request that would cross
 * it consumes nothing.
 */
export function createPostgresQuota(db: Db, limit: number): QuotaStore {
  return {
    async consume(userId, amount, now) {
      const { day, resetAt } = utcDay(now);
      const { rows } = await db.query<{ used: number }>(
        `INSERT INTO ingest_quota AS q (user_id, day, used) SELECT $1, $2::date, $3::int WHERE $3::int <= $4::int
         ON CONFLICT (user_id, day) DO UPDATE SET used = q.used + EXCLUDED.used WHERE q.used + EXCLUDED.used <= $4::int
         RETURNING used`,
        [userId, day, amount, limit],
      );
      if (rows[0]) return { allowed: true, limit, remaining: limit - rows[0].used, resetAt };
      const current = await db.query<{ used: number }>('SELECT used FROM ingest_quota WHERE user_id = $1 AND day = $2::date', [userId, day]);
      return { allowed: false, limit, remaining: Math.max(0, limit - (current.rows[0]?.used ?? 0)), resetAt };
    },
  };
}
