import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { searchLexical } from '@memctx/read-models';
import { backends, type Harness } from './harness.js';

const everything = (userId: string) => ({ userId, projectId: null, includeGlobal: false });

describe.each(backends)('lexical retrieval on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
    const service = createMemoryService({ store: h.store, sessionRetentionMs: 3_600_000 });
    // Were the user in the (user, word) key as plain text, "al"+"ice" and "a"+"lice" would be one key.
    await service.ingestRound('al', { session_id: 's', user_message: 'We ate ice cream by the lake', assistant_message: '' });
    await service.ingestRound('a', { session_id: 's', user_message: 'The school sent a note about lice', assistant_message: '' });
    await service.ingestRound('a', { session_id: 's', user_message: 'More about lice and combs', assistant_message: '' });
    for (let i = 0; i < 20; i++) {
      const words = i === 0 ? 'a zebra crossed the road' : i <= 4 ? `the violin lesson number ${i}` : `filler round number ${i}`;
      await service.ingestRound('mia', { session_id: 'm', user_message: words, assistant_message: '' });
    }
    for (let i = 0; i < 15; i++) {
      await service.ingestRound('kim', { session_id: 'k', user_message: i < 10 ? 'apple apple apple pie' : 'an apple tart', assistant_message: '' });
    }
    await h.catchUp();
  });
  afterAll(() => h.close());

  it('without a selective word, scores the newest records holding any query word, not all that hold the rarest', async () => {
    // "apple" is in every record of kim's: common, so it selects nothing; the newest five (the sample) are scored.
    const { matches, recent } = await searchLexical(h.db, everything('kim'), 'apple', { dfSample: 5, depth: 5 });
    expect(matches).toHaveLength(5);
    expect(new Set(matches.map((m) => m.record_id))).toEqual(new Set(recent));
  });

  it("counts and matches a word among the caller's records only", async () => {
    const mine = await searchLexical(h.db, everything('a'), 'lice');
    expect(mine.terms).toEqual([expect.objectContaining({ lexeme: 'lice', df: 2 })]);
    expect(mine.matches).toHaveLength(2);
    const theirs = await searchLexical(h.db, everything('a'), 'ice');
    expect(theirs.terms).toEqual([expect.objectContaining({ lexeme: 'ice', df: 0 })]);
    expect(theirs.matches).toEqual([]);
    expect((await searchLexical(h.db, everything('al'), 'lice')).matches).toEqual([]);
  });

  it('lets the rarest words select candidates within the budget; the others still score', async () => {
    const all = await searchLexical(h.db, everything('mia'), 'zebra violin');
    expect(all.terms.map((t) => [t.lexeme, t.df]).sort()).toEqual([['violin', 4], ['zebra', 1]]);
    expect(all.matches).toHaveLength(5);
    const rarest = await searchLexical(h.db, everything('mia'), 'zebra violin', { matchBudget: 1 });
    expect(rarest.matches).toHaveLength(1);
    expect(rarest.matches[0]!.score).toBeGreaterThan(0);
    expect(rarest.matches[0]!.record_id).toBe(all.matches[0]!.record_id);
  });

  it('reads document frequencies from the newest records: exact for a small scope, scaled past the sample, exact again for a word it lacks', async () => {
    const df = async (dfSample?: number) =>
      Object.fromEntries((await searchLexical(h.db, everything('mia'), 'zebra violin filler', { dfSample, depth: dfSample })).terms.map((t) => [t.lexeme, t.df]));
    expect(await df()).toEqual({ zebra: 1, violin: 4, filler: 15 });
    // The 10 newest rounds are all "filler": 10 of 10, scaled to the 20 in scope; the older words are counted in full.
    expect(await df(10)).toEqual({ zebra: 1, violin: 4, filler: 20 });
  });

  it('lists the newest records first, capped by depth', async () => {
    const { recent, scopeRecords } = await searchLexical(h.db, everything('mia'), null, { depth: 3 });
    expect(scopeRecords).toBe(20);
    expect(recent).toHaveLength(3);
    const all = await searchLexical(h.db, everything('mia'), null, { depth: 20 });
    expect(all.recent.slice(0, 3)).toEqual(recent);
  });
});
