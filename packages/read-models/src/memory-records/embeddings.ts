import type { Db } from '@memctx/db';

/** What the filler needs of an embedder (the service passes the cached one from @memctx/embeddings). */
export interface DocumentEmbedder {
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
}

/**
 * Which text of a record is embedded: `embed_text` (the spec's rule: the user
 * side of a round, the chunk of a document) or `content` (the whole exchange,
 * MEMCTX_EMBED_FULL_EXCHANGE=on: better recall when facts sit in the replies,
 * as the LoCoMo benchmark shows, at about twice the embedding time).
 */
export type EmbeddedText = 'embed_text' | 'content';

export const toVectorLiteral = (vector: ArrayLike<number>): string => `[${Array.from(vector).join(',')}]`;

/**
 * Embeds one batch of records that have no embedding yet, oldest first, and
 * returns how many it filled. It works from the table, not the feed, so it is
 * idempotent and survives rebuilds: after a replay the new rows are filled
 * again from the embedding cache without running the model.
 */
export async function fillEmbeddings(db: Db, embedder: DocumentEmbedder, batchSize = 64, text: EmbeddedText = 'embed_text'): Promise<number> {
  const { rows } = await db.query<{ user_id: string; record_id: string; embed_text: string }>(
    `SELECT user_id, record_id, ${text === 'content' ? 'content' : 'embed_text'} AS embed_text FROM memory_records
     WHERE embedding IS NULL ORDER BY global_position LIMIT $1`,
    [batchSize],
  );
  if (rows.length === 0) return 0;
  const vectors = await embedder.embedDocuments(rows.map((row) => row.embed_text));
  await db.query(
    `UPDATE memory_records m SET embedding = u.embedding::vector
     FROM jsonb_to_recordset($1::jsonb) AS u(user_id text, record_id text, embedding text)
     WHERE m.user_id = u.user_id AND m.record_id = u.record_id AND m.embedding IS NULL`,
    [JSON.stringify(rows.map((row, i) => ({ user_id: row.user_id, record_id: row.record_id, embedding: toVectorLiteral(vectors[i]!) })))],
  );
  return rows.length;
}

export interface EmbeddingFiller {
  stop(): Promise<void>;
}

/**
 * Keeps filling while there is work and polls (one indexed query) when there is
 * none: new rows appear when the memory_records projection commits, not when
 * events are appended, so the feed's NOTIFY would wake it too early.
 */
export function runEmbeddingFiller(
  db: Db,
  embedder: DocumentEmbedder,
  options: { batchSize?: number; idleWaitMs?: number; text?: EmbeddedText; onError?: (error: unknown) => void } = {},
): EmbeddingFiller {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.idleWaitMs ?? 250);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      try {
        const filled = await fillEmbeddings(db, embedder, options.batchSize, options.text);
        if (filled === 0) await idle();
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        await idle();
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}

/** Records still waiting for their embedding (full text finds them meanwhile): the embedding backlog. */
export async function embeddingBacklog(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM memory_records WHERE embedding IS NULL');
  return rows[0]?.n ?? 0;
}
