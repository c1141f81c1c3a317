import type { Db } from '@memctx/db';
import { LRUCache } from 'lru-cache';
import { searchLexical, type LexicalHits } from './lexical.js';
import type { RetrievalScope } from './scope.js';
import { scopeStamp } from './stamp.js';
import { searchVector, searchVectorStamped, type VectorHit } from './vector.js';

/*
 * The two halves of retrieval depend only on the query and on the scope's visible records and their vectors, whose
 * state the scope's stamp names (stamp.ts). A query asked again over a scope with the same stamp (an agent asking for
 * a SIP at every step of a task, a retry) gets the halves' answers kept from last time. Only record ids, scores and
 * counts are kept: the records are read afresh (readFused tests the scope again), so a deleted or purged record is
 * never shown from here, and a scope that changed is searched again.
 * Each half's statement returns the stamp its own snapshot saw, and its answer is kept under that, so a query asked for
 * the first time costs nothing more; asked again, the scope's stamp is read once for both halves, beside the embedding.
 */

/** The halves of one build's retrieval, each answered from what is kept when the scope is unchanged. */
export interface BuildRetrieval {
  lexical(): Promise<LexicalHits>;
  /** Read-only: a kept answer is handed to every build that asks the same again. */
  vector(queryEmbedding: ArrayLike<number>, depth: number): Promise<readonly VectorHit[]>;
}

export interface KeptRetrieval {
  forBuild(db: Db, scope: RetrievalScope, queryText: string | null): BuildRetrieval;
}

/** Searches every time: what a build does without a cache. */
export const searchEveryTime: KeptRetrieval = {
  forBuild: (db, scope, queryText) => ({
    lexical: () => searchLexical(db, scope, queryText),
    vector: (queryEmbedding, depth) => searchVector(db, scope, queryEmbedding, depth),
  }),
};

/** Keeps the halves' answers of the last `entries` queries (each half apart); 0 keeps none. */
export function keepRetrieval(entries: number): KeptRetrieval {
  if (entries <= 0) return searchEveryTime;
  const lexicalKept = new LRUCache<string, LexicalHits>({ max: entries });
  const vectorKept = new LRUCache<string, { stamp: string; depth: number; hits: readonly VectorHit[] }>({ max: entries });
  return {
    forBuild(db, scope, queryText) {
      const key = JSON.stringify([scope.userId, scope.projectId, scope.includeGlobal, queryText]);
      const keptLexical = lexicalKept.get(key);
      const keptVector = vectorKept.get(key);
      // Read once, now, and only when something may be given again; a failure is the halves' to report.
      const current = keptLexical || keptVector ? scopeStamp(db, scope) : undefined;
      current?.catch(() => undefined);
      const unchanged = async (stamp: string | null | undefined) => stamp != null && current !== undefined && stamp === (await current);
      return {
        async lexical() {
          if (keptLexical && (await unchanged(keptLexical.stamp))) return keptLexical;
          const hits = await searchLexical(db, scope, queryText);
          if (hits.stamp !== null) lexicalKept.set(key, hits);
          else lexicalKept.delete(key);
          return hits;
        },
        async vector(queryEmbedding, depth) {
          if (keptVector && keptVector.depth === depth && (await unchanged(keptVector.stamp))) return keptVector.hits;
          const { hits, stamp } = await searchVectorStamped(db, scope, queryEmbedding, depth);
          if (stamp !== null) vectorKept.set(key, { stamp, depth, hits });
          else vectorKept.delete(key);
          return hits;
        },
      };
    },
  };
}
