import type { Db } from '@memctx/db';

/** Requests in flight when the clock stopped are stored but never counted by the client: at most one per connection. */
export function lossCheck(acknowledged: Set<string>, stored: Set<string>, storedCount: number, connections: number): { ok: boolean; text: string } {
  const missing = [...acknowledged].filter((id) => !stored.has(id)).length;
  const inFlight = storedCount - acknowledged.size;
  const ok = missing === 0 && inFlight >= 0 && inFlight <= connections;
  return { ok, text: `${acknowledged.size} acknowledged, ${missing} missing, ${inFlight} written while in flight at stop` };
}

const count = async (db: Db, sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;
export const countRounds = (db: Db) => count(db, "SELECT count(*)::int AS n FROM events WHERE type = 'RoundIngested'");
const countRecords = (db: Db) => count(db, "SELECT count(*)::int AS n FROM memory_records WHERE provenance = 'ROUND'");

/**
 * Requests in flight when the load stopped still commit afterwards: waits (up to 120 s) until no event arrives
 * and every round is a projected record, and answers the rounds stored and the projected record ids. Not "lag 0"
 * alone: the feed counts an event only once every older transaction on the server has ended, so a long
 * transaction in another database can hide events from the lag (seen 2026-11-24).
 */
export async function settledRounds(db: Db): Promise<{ events: number; projected: Set<string> }> {
  let events = await countRounds(db);
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await countRounds(db);
    if (now === events && (await countRecords(db)) === now) break;
    events = now;
  }
  const { rows } = await db.query<{ record_id: string }>("SELECT record_id FROM memory_records WHERE provenance = 'ROUND'");
  return { events, projected: new Set(rows.map((r) => r.record_id)) };
}
