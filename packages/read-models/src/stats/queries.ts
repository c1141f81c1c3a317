import type { Queryable } from '@memctx/db';

/** Records still waiting for their embedding (the `memctx_embedding_backlog` gauge); until filled, only full text finds them. */
export async function embeddingBacklog(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM memory_records WHERE embedding IS NULL');
  return rows[0]?.n ?? 0;
}

/** Documents accepted but not yet stored or failed, whichever queue carries their jobs. */
export async function pendingDocuments(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM sources WHERE ingest_status = 'pending'");
  return rows[0]?.n ?? 0;
}
