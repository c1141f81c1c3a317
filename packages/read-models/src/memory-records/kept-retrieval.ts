import type { Db } from '@memctx/db';
import { LRUCache } from 'lru-cache';
import { scopeStamp, searchLexical, type LexicalHits } from './lexical.js';
import type { RetrievalScope } from './scope.js';
import { searchVector, type VectorHit } from './vector.js';

/*
 * The two halves of retrieval depend only on the query and on the scope's visible records and their vectors, whose
 * state the scope's stamp names (scopeStamp). A query asked again over a scope with the same stamp (an agent asking
 * for a SIP at every step of a task, a retry) gets the halves' answers kept from last time. Only record ids, scores
 * and counts are kept: the records are read afresh (readFused tests the scope again), so a deleted or purged record is
 * never shown from here, and a scope that changed is searched again.
 * The stamp is read once per build, while the query is embedded, and only when something is kept for the query or the
 * vector half will run. The lexical statement returns the stamp its own snapshot read; the vector half is searched
 * after the stamp was read, so what it finds can be newer than the stamp it is kept under, never older.
 */

/** The halves of one build's retrieval, each answered from what is kept when the scope is unchanged. */
export interface BuildRetrieval {
  lexical(): Promise<LexicalHits>;
  vector(queryEmbedding: ArrayLike<number>, depth: number): Promise<VectorHit[]>;
}

export interface KeptRetrieval {
  /** `embedded`: the vector half will be asked for (the query is being embedded). */
  forBuild(db: Db, scope: RetrievalScope, queryText: string | null, embedded: boolean): BuildRetrieval;
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
  const vectorKept = new LRUCache<string, { stamp: string; hits: VectorHit[] }>({ max: entries });
  return {
    forBuild(db, scope, queryText, embedded) {
      const key = JSON.stringify([scope.userId, scope.projectId, scope.includeGlobal, queryText]);
      const keptLexical = lexicalKept.get(key);
      // Read now, beside the embedding; failures are the halves' to report, when they need it.
      const stamp = keptLexical || embedded ? scopeStamp(db, scope) : undefined;
      stamp?.catch(() => undefined);
      return {
        async lexical() {
          if (keptLexical && stamp && keptLexical.stamp !== null && keptLexical.stamp === (await stamp)) return keptLexical;
          const hits = await searchLexical(db, scope, queryText);
          if (hits.stamp !== null) lexicalKept.set(key, hits);
          else lexicalKept.delete(key);
          return hits;
        },
        async vector(queryEmbedding, depth) {
          const vectorKey = `${key}\u0000${depth}`;
          const now = stamp ? await stamp : await scopeStamp(db, scope);
          const kept = vectorKept.get(vectorKey);
          if (kept && now !== null && kept.stamp === now) return kept.hits;
          const hits = await searchVector(db, scope, queryEmbedding, depth);
          if (now !== null) vectorKept.set(vectorKey, { stamp: now, hits });
          else vectorKept.delete(vectorKey);
          return hits;
        },
      };
    },
  };
}
