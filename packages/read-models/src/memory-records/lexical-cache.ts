import type { Db } from '@memctx/db';
import { LRUCache } from 'lru-cache';
import { scopeStamp, searchLexical, type LexicalHits } from './lexical.js';
import type { RetrievalScope } from './scope.js';

/** The lexical half of retrieval as a SIP build calls it. */
export type LexicalSearch = (db: Db, scope: RetrievalScope, queryText: string | null) => Promise<LexicalHits>;

/*
 * The lexical statement is the longest step of a build whose query was embedded before, and its answer depends only
 * on the query's words and the scope's visible records, whose state the scope's stamp names (scopeStamp). A query
 * asked again over a scope with the same stamp gets the answer kept from last time. Only record ids, scores and
 * counts are kept: the records themselves are read afresh (readFused tests the scope again), so a deleted or purged
 * record is never shown from here, and a scope that changed is searched again.
 * A query asked for the first time pays nothing: its answer carries the stamp its own snapshot read. Asked again, one
 * indexed read of the stamp comes first, and an answer read after it is newer than the stamp, never older.
 */
export function cachedLexicalSearch(entries: number, search: LexicalSearch = searchLexical): LexicalSearch {
  if (entries <= 0) return search;
  const kept = new LRUCache<string, LexicalHits>({ max: entries });
  return async (db, scope, queryText) => {
    const key = JSON.stringify([scope.userId, scope.projectId, scope.includeGlobal, queryText]);
    const cached = kept.get(key);
    if (cached && cached.stamp !== null && cached.stamp === (await scopeStamp(db, scope))) return cached;
    const hits = await search(db, scope, queryText);
    if (hits.stamp !== null) kept.set(key, hits);
    else kept.delete(key);
    return hits;
  };
}
