import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { BYTEWISE_KEYS_SINCE, lexemeKeysSql, memoryRecordsProjection, searchLexical } from '@memctx/read-models';
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

  /**
   * The plan of a match on the keys as a generation of `version` compares them, with the table's other indexes dropped
   * and scans priced out (then rolled back): only an index matching the keys can look them up.
   */
  async function keysPlan(version: number): Promise<string> {
    let plan = '';
    const rolledBack = new Error('rolled back');
    await h.db.transaction(async (tx) => {
      const { rows: others } = await tx.query<{ name: string }>(
        `SELECT format('%I.%I', schemaname, indexname) AS name FROM pg_indexes
         WHERE tablename = 'memory_records' AND schemaname LIKE 'rm_%' AND indexname NOT IN ('memory_records_lexemes', 'memory_records_pkey')`);
      await tx.exec(`${others.map((o) => `DROP INDEX ${o.name};`).join('')} SET LOCAL enable_seqscan = off`);
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT count(*) FROM memory_records m WHERE ${lexemeKeysSql('m', version)} && $1::text[] AND NOT m.hidden AND m.sip_eligible AND m.record_type = 'FACTUAL'`,
        [['x']],
      );
      plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      throw rolledBack;
    }).catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
    return plan;
  }

  it("matches keys through the lexeme index, compared as that generation's index compares them", async () => {
    const keysLookedUp = /Bitmap Index Scan on memory_records_lexemes[^\n]*\n\s*Index Cond: \(+memory_lexeme_keys/;
    expect(await keysPlan(memoryRecordsProjection.version)).toMatch(keysLookedUp);
    // Compared in the database's collation, the same keys miss the index the current generation built.
    expect(await keysPlan(BYTEWISE_KEYS_SINCE - 1)).not.toMatch(keysLookedUp);
    // A generation from before the keys compared bytewise has its index in the database's collation, and is read with it.
    const { rows: [index] } = await h.db.query<{ schemaname: string }>(`SELECT schemaname FROM pg_indexes WHERE indexname = 'memory_records_lexemes'`);
    await h.db.query(`DROP INDEX ${index!.schemaname}.memory_records_lexemes`);
    await h.db.query(`CREATE INDEX memory_records_lexemes ON ${index!.schemaname}.memory_records USING gin (public.memory_lexeme_keys(user_id, search))
      WHERE NOT hidden AND sip_eligible AND record_type = 'FACTUAL'`);
    expect(await keysPlan(BYTEWISE_KEYS_SINCE - 1)).toMatch(keysLookedUp);
  });
});
