import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { EMBEDDING_DIMENSIONS, fuse, searchWindow, toVectorLiteral, type LexicalHits } from '@memctx/read-models';
import { backends, type Harness } from './harness.js';

const everything = (userId: string) => ({ userId, projectId: null, includeGlobal: false });
const axis = (at: number) => Array.from({ length: EMBEDDING_DIMENSIONS }, (_, d) => (d === at ? 1 : 0));
const day = (n: number) => `2023-11-${String(n).padStart(2, '0')}T09:00:00Z`;
// What "on 9 November, 2023" names: that day, read in any zone, and the week after it in which it is told of.
const NINTH = { from: new Date('2023-11-08T10:00:00Z'), near: new Date('2023-11-10T12:00:00Z'), to: new Date('2023-11-17T12:00:00Z') };

describe('fusion with the records of a named time', () => {
  it('counts a record of the named time twice what one other list gives its rank, one told of later once', () => {
    const none: LexicalHits = { terms: [], scopeRecords: 3, scopeTokens: 0, matches: [{ record_id: 'a', score: 1 }], recent: [], stamp: null };
    const fused = fuse(none, [], true, 10, { named: ['b'], toldLater: ['c'] });
    expect(fused.map((f) => f.record_id)).toEqual(['b', 'a', 'c']);
    expect(fused[0]!.fused).toBeCloseTo(2 / 61);
    expect(fused[2]!.fused).toBeCloseTo(1 / 61);
  });
});

describe.each(backends)('records said within a time window on %s', (_name, open) => {
  let h: Harness;
  const ids = new Map<number, string>();
  beforeAll(async () => {
    h = await open();
    const service = createMemoryService({ store: h.store, sessionRetentionMs: 3_600_000 });
    for (let n = 1; n <= 20; n++) await service.ingestRound('ann', { session_id: 'dinners', user_message: `dinner on day ${n}`, assistant_message: 'nice', timestamp: day(n) });
    await service.ingestRound('bob', { session_id: 'dinners', user_message: 'dinner on day 9', assistant_message: 'nice', timestamp: day(9) });
    await h.catchUp();
    const { rows } = await h.db.query<{ record_id: string; user_text: string }>(`SELECT record_id, user_text FROM memory_records WHERE user_id = 'ann'`);
    for (const row of rows) ids.set(Number(/day (\d+)/.exec(row.user_text)![1]), row.record_id);
    // ann's round n points along axis n, so a query along an axis is nearest to that day's round.
    for (const [n, id] of ids) {
      await h.db.query('UPDATE memory_records SET embedding = $1::vector WHERE user_id = $2 AND record_id = $3', [toVectorLiteral(axis(n)), 'ann', id]);
    }
  });
  afterAll(() => h.close());

  const daysOf = ({ named, toldLater }: { named: string[]; toldLater: string[] }) =>
    [named, toldLater].map((part) => part.map((id) => [...ids].find(([, round]) => round === id)?.[0] ?? 'other'));

  it("finds only the caller's records of the window, the named day's first, the newest first without a vector", async () => {
    expect(daysOf(await searchWindow(h.db, everything('ann'), NINTH, null, 50))).toEqual([[10, 9], [17, 16, 15, 14, 13, 12, 11]]);
  });

  it('orders each part by closeness to the query, and cuts to the depth', async () => {
    expect(daysOf(await searchWindow(h.db, everything('ann'), NINTH, axis(9), 3))).toEqual([[9, 10], [17]]);
    expect(daysOf(await searchWindow(h.db, everything('ann'), NINTH, axis(13), 4))).toEqual([[10, 9], [13, 17]]);
  });
});
