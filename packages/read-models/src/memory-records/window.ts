import type { Db } from '@memctx/db';
import { toVectorLiteral } from './embeddings.js';
import { inScope, type RetrievalScope } from './scope.js';

/**
 * When the query says its answer was said ("on 9 November", "last week"): records from `from` until `to`, those
 * before `near` first. A round often tells of days before it ("yesterday I…", "last Sunday we…"), so `to` reaches
 * past the time named and `near` marks where that time itself ends.
 */
export interface TimeWindow {
  from: Date;
  near: Date;
  to: Date;
}

/** The records of a window, each part nearest the query first: said within the time named, and told of it later. */
export interface WindowHits {
  named: string[];
  toldLater: string[];
}

// Read by the recency index: at most this many records of the window are compared with the query, the newest first.
const WINDOW_READ = 500;

/*
 * The records said within the window: those of the time named first, then those told of it later, each part nearest
 * the query first (the closer side). A window holds a day, a week or a month of one user's rounds, so this reads at
 * most WINDOW_READ rows by the recency index and sorts them; no vector index is needed. Without a query vector the
 * newest come first.
 */
const SQL = `
  SELECT record_id, created_at < $5 AS named FROM (
    SELECT m.record_id, m.created_at, m.embedding, m.reply_embedding FROM memory_records m
    WHERE ${inScope('m')} AND m.created_at >= $4 AND m.created_at < $6
    ORDER BY m.created_at DESC, m.global_position DESC LIMIT ${WINDOW_READ}
  ) w
  ORDER BY w.created_at >= $5, LEAST(w.embedding <=> $7::vector, w.reply_embedding <=> $7::vector) NULLS LAST, w.created_at DESC
  LIMIT $8`;

/** The ids of the records said within the window, best first in each part (see SQL above). */
export async function searchWindow(
  db: Db, scope: RetrievalScope, window: TimeWindow, queryEmbedding: ArrayLike<number> | null, depth: number,
): Promise<WindowHits> {
  const params = [
    scope.userId, scope.projectId, scope.includeGlobal, window.from, window.near, window.to,
    queryEmbedding ? toVectorLiteral(queryEmbedding) : null, depth,
  ];
  const { rows } = await db.query<{ record_id: string; named: boolean }>(SQL, params, { prepare: true });
  return { named: rows.filter((row) => row.named).map((row) => row.record_id), toldLater: rows.filter((row) => !row.named).map((row) => row.record_id) };
}
