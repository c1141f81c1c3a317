import { migrate, type Db } from '@memctx/db';
import { createCoalescer } from '@memctx/shared';

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

interface Charge {
  userId: string;
  day: string;
  amount: number;
}

const CHARGE_ONE = `INSERT INTO ingest_quota AS q (user_id, day, used) SELECT $1, $2::date, $3::int WHERE $3::int <= $4::int
  ON CONFLICT (user_id, day) DO UPDATE SET used = q.used + EXCLUDED.used WHERE q.used + EXCLUDED.used <= $4::int
  RETURNING used`;

// One row per (user, day) of the batch: ON CONFLICT may touch a row only once per statement.
const CHARGE_MANY = `INSERT INTO ingest_quota AS q (user_id, day, used)
  SELECT c.user_id, c.day::date, c.amount FROM unnest($1::text[], $2::text[], $3::int[]) AS c(user_id, day, amount) WHERE c.amount <= $4::int
  ON CONFLICT (user_id, day) DO UPDATE SET used = q.used + EXCLUDED.used WHERE q.used + EXCLUDED.used <= $4::int
  RETURNING user_id, day::text AS day, used`;

/**
 * Counts in PostgreSQL with conditional upserts, so concurrent requests on any
 * replica can never together pass the limit, and a request that would cross it
 * consumes nothing. Charges that arrive together share one statement (a
 * coalescer): each (user, day) is charged its requests' sum at once when it fits,
 * which is the common case; a group that would cross the limit is charged again
 * request by request, in order, so exactly the requests that fit are let through.
 */
export function createPostgresQuota(db: Db, limit: number): QuotaStore {
  async function chargeOne(charge: Charge): Promise<number | undefined> {
    const { rows } = await db.query<{ used: number }>(CHARGE_ONE, [charge.userId, charge.day, charge.amount, limit], { prepare: true });
    return rows[0]?.used;
  }

  /** For each charge, the day's total just after it was counted, or undefined when it did not fit. */
  async function chargeMany(charges: Charge[]): Promise<(number | undefined)[]> {
    if (charges.length === 1) return [await chargeOne(charges[0]!)];
    const groups = new Map<string, { userId: string; day: string; amount: number; members: number[] }>();
    charges.forEach((charge, index) => {
      const id = `${charge.userId}\u0000${charge.day}`;
      const group = groups.get(id) ?? { userId: charge.userId, day: charge.day, amount: 0, members: [] };
      group.amount += charge.amount;
      group.members.push(index);
      groups.set(id, group);
    });
    const list = [...groups.values()];
    const { rows } = await db.query<{ user_id: string; day: string; used: number }>(CHARGE_MANY, [
      list.map((g) => g.userId), list.map((g) => g.day), list.map((g) => g.amount), limit,
    ], { prepare: true });
    const usedAfter = new Map(rows.map((row) => [`${row.user_id}\u0000${row.day}`, row.used]));
    const results: (number | undefined)[] = new Array(charges.length);
    for (const [id, group] of groups) {
      const total = usedAfter.get(id);
      if (total === undefined) {
        // Near the limit: nothing of the group was counted; count its requests one by one.
        for (const index of group.members) results[index] = await chargeOne(charges[index]!);
        continue;
      }
      // Counted in request order: each sees the total as it was right after its own charge.
      let after = total - group.amount;
      for (const index of group.members) results[index] = after += charges[index]!.amount;
    }
    return results;
  }

  const charge = createCoalescer(chargeMany);

  return {
    async consume(userId, amount, now) {
      const { day, resetAt } = utcDay(now);
      const used = await charge({ userId, day, amount });
      if (used !== undefined) return { allowed: true, limit, remaining: limit - used, resetAt };
      const current = await db.query<{ used: number }>('SELECT used FROM ingest_quota WHERE user_id = $1 AND day = $2::date', [userId, day]);
      return { allowed: false, limit, remaining: Math.max(0, limit - (current.rows[0]?.used ?? 0)), resetAt };
    },
  };
}
