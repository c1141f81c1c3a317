/**
 * The event feed only shows events below its horizon (the oldest append still in
 * flight). Tests that need "everything written so far" wait for that horizon to
 * pass the newest event first.
 */
export async function waitUntilAllVisible(
  db: { query<R>(text: string, params?: readonly unknown[]): Promise<{ rows: R[] }> },
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM events WHERE transaction_id >= (SELECT memctx_feed_horizon(pg_current_snapshot()))',
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} events still invisible after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
