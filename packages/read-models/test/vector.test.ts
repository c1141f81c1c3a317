import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import type { Db } from '@memctx/db';
import { EMBEDDING_DIMENSIONS, fuse, memoryRecordsProjection, searchVector, toVectorLiteral, userBucket, type LexicalHits } from '@memctx/read-models';
import { backends, type Harness } from './harness.js';

const everything = (userId: string) => ({ userId, projectId: null, includeGlobal: false });
/** A unit vector along one axis, tilted toward a second one by `tilt`. */
const axis = (at: number, tilt = 0, toward = at + 1) => {
  const v = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  v[at] = 1;
  v[toward] = tilt;
  return v;
};

describe('fusion of the retrieval lists', () => {
  const lexical = (matches: string[], recent: string[]): LexicalHits => ({
    terms: [], scopeRecords: 10, scopeTokens: 0, matches: matches.map((record_id, i) => ({ record_id, score: 10 - i })), recent, stamp: null,
  });
  const near = (ids: string[]) => ids.map((record_id, i) => ({ record_id, similarity: 0.9 - i / 10, user_similarity: 0.9 - i / 10, reply_similarity: null }));

  it('adds reciprocal ranks across the lists, recency a tenth as much when there is a query', () => {
    const fused = fuse(lexical(['b', 'c'], ['d', 'a']), near(['a', 'b']), true, 10);
    expect(fused.map((f) => f.record_id)).toEqual(['b', 'a', 'c', 'd']);
    expect(fused[0]!.fused).toBeCloseTo(1 / 62 + 1 / 61);
    expect(fused[3]!.fused).toBeCloseTo(0.1 / 61);
  });

  it('ranks by recency alone without a query, breaks ties by id, and cuts to the limit', () => {
    expect(fuse(lexical([], ['z', 'y', 'x']), [], false, 2).map((f) => f.record_id)).toEqual(['z', 'y']);
    expect(fuse(lexical(['q'], []), near(['p']), true, 5).map((f) => f.record_id)).toEqual(['p', 'q']);
  });
});

describe.each(backends)('vector retrieval on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
    const service = createMemoryService({ store: h.store, sessionRetentionMs: 3_600_000 });
    for (const user of ['ann', 'bob']) {
      for (let i = 0; i < 4; i++) await service.ingestRound(user, { session_id: 's', user_message: `${user} round ${i}`, assistant_message: `reply ${i}` });
    }
    await h.catchUp();
    // ann's round i points along axis i (its reply along 10 + i); bob's all lie on axis 0, nearest to any query there.
    await h.db.query(
      `UPDATE memory_records SET embedding = CASE WHEN user_id = 'bob' THEN $1::vector ELSE ('[' || array_to_string(array_fill(0, ARRAY[${EMBEDDING_DIMENSIONS}]), ',') || ']')::vector END`,
      [toVectorLiteral(axis(0))],
    );
    const { rows } = await h.db.query<{ record_id: string; content: string }>(`SELECT record_id, user_text AS content FROM memory_records WHERE user_id = 'ann'`);
    for (const row of rows) {
      const i = Number(/round (\d)/.exec(row.content)![1]);
      await h.db.query('UPDATE memory_records SET embedding = $1::vector, reply_embedding = $2::vector WHERE user_id = $3 AND record_id = $4', [
        toVectorLiteral(axis(i, 0.1 * i)), toVectorLiteral(axis(10 + i)), 'ann', row.record_id,
      ]);
    }
  });
  afterAll(() => h.close());

  it("finds the caller's nearest records by either side, nearest first, and nobody else's", async () => {
    const hits = await searchVector(h.db, everything('ann'), axis(0), 3);
    const { rows } = await h.db.query<{ record_id: string; content: string }>(`SELECT record_id, user_text AS content FROM memory_records WHERE user_id = 'ann'`);
    const roundOf = new Map(rows.map((r) => [r.record_id, Number(/round (\d)/.exec(r.content)![1])]));
    expect(hits.every((hit) => roundOf.has(hit.record_id))).toBe(true);
    expect(roundOf.get(hits[0]!.record_id)).toBe(0);
    expect(hits[0]!.similarity).toBeCloseTo(1);
    expect(hits.map((h) => h.similarity)).toEqual([...hits.map((h) => h.similarity)].sort((a, b) => b - a));

    const byReply = await searchVector(h.db, everything('ann'), axis(12), 1);
    const replyHit = byReply.find((hit) => hit.reply_similarity !== null && hit.reply_similarity > 0.99);
    expect(replyHit && roundOf.get(replyHit.record_id)).toBe(2);
  });

  it('computes the same bucket in the process as the partial indexes do in SQL', async () => {
    const ids = ['ann', 'bob', '', 'ünïcødé-用户', 'x'.repeat(300), 'user-42'];
    const { rows } = await h.db.query<{ bucket: number }>('SELECT public.memory_user_bucket(u) AS bucket FROM unnest($1::text[]) WITH ORDINALITY AS t(u, n) ORDER BY n', [ids]);
    expect(rows.map((r) => r.bucket)).toEqual(ids.map(userBucket));
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(userBucket)).size).toBeGreaterThan(1);
  });

  /** A view of the database that explains the vector statement instead of running it (a new object: its own version cache). */
  function explaining(): { db: Db; statements: string[]; plans: string[] } {
    const statements: string[] = [];
    const plans: string[] = [];
    const db: Db = {
      ...h.db,
      transaction: (work) => h.db.transaction((tx) => work({
        ...tx,
        // Sorting and scanning priced out, so only an index that matches the statement can give the order.
        exec: (sql) => tx.exec(`${sql}; SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off`),
        query: async <R>(text: string, params?: readonly unknown[]) => {
          statements.push(text);
          const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
          plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
          return { rows: [] as R[], rowCount: 0 };
        },
      })),
    };
    return { db, statements, plans };
  }

  it("searches each side through the HNSW index of the caller's bucket", async () => {
    const { db, plans } = explaining();
    await searchVector(db, everything('ann'), axis(0), 3);
    expect(plans[0]).toContain(`memory_records_embedding_${userBucket('ann')} `);
    expect(plans[0]).toContain(`memory_records_reply_embedding_${userBucket('ann')} `);
  });

  it('leaves the bucket out while the active generation predates it (an upgrade before its rebuild)', async () => {
    await h.db.query(`UPDATE projection_generations SET version = 5 WHERE name = 'memory_records' AND status = 'active'`);
    try {
      const old = explaining();
      await searchVector(old.db, everything('ann'), axis(0), 3);
      expect(old.statements[0]).not.toContain('user_bucket');
      expect((await searchVector({ ...h.db }, everything('ann'), axis(0), 1))[0]!.similarity).toBeCloseTo(1);
    } finally {
      await h.db.query(`UPDATE projection_generations SET version = $1 WHERE name = 'memory_records' AND status = 'active'`, [memoryRecordsProjection.version]);
    }
    const current = explaining();
    await searchVector(current.db, everything('ann'), axis(0), 3);
    expect(current.statements[0]).toContain('user_bucket');
  });
});
