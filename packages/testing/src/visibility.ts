/**
 * The event feed only shows transactions older than the oldest one still running
 * anywhere in the cluster (other test files included). Tests that need "everything
 * written so far" wait for that horizon to pass the newest event first.
 */
export async function waitUntilAllVisible(
  db: { query<R>(text: string, params?: readonly unknown[]): Promise<{ rows: R[] }> },
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM events WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())',
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} events still invisible after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
