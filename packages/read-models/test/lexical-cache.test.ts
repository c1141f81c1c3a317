import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService, type MemoryService } from '@memctx/commands';
import { cachedLexicalSearch, memoryRecordsProjection, scopeStamp, searchLexical, type LexicalSearch } from '@memctx/read-models';
import { backends, type Harness } from './harness.js';

const scopeOf = (userId: string) => ({ userId, projectId: null, includeGlobal: false });
const matched = (hits: { matches: readonly { record_id: string }[] }) => hits.matches.map((m) => m.record_id).sort();

describe.each(backends)('the lexical answer kept per scope state on %s', (_name, open) => {
  let h: Harness;
  let service: MemoryService;
  beforeAll(async () => {
    h = await open();
    service = createMemoryService({ store: h.store, sessionRetentionMs: 3_600_000 });
  });
  afterAll(() => h.close());

  /** The lexical search that counts how often the statement itself ran. */
  const counting = () => {
    const calls = { count: 0 };
    const search: LexicalSearch = (db, scope, query) => {
      calls.count++;
      return searchLexical(db, scope, query);
    };
    return { calls, cached: cachedLexicalSearch(100, search) };
  };

  it('answers a query asked again over an unchanged scope without the statement, and asks it again after any change', async () => {
    const user = `u-${randomUUID()}`;
    const scope = scopeOf(user);
    const ids = [];
    for (const [session, words] of [['s1', 'the violin recital is on Friday'], ['s2', 'violin strings need changing'], ['s3', 'lunch was soup']]) {
      ids.push((await service.ingestRound(user, { session_id: session!, user_message: words!, assistant_message: 'noted' })).roundId);
    }
    await h.catchUp();
    const { calls, cached } = counting();
    const first = await cached(h.db, scope, 'violin');
    expect(matched(first)).toEqual([ids[0], ids[1]].sort());
    expect(await cached(h.db, scope, 'violin')).toEqual(first);
    expect(calls.count).toBe(1);
    // Another query, and the same query in another scope, are answered by the statement.
    await cached(h.db, scope, 'soup');
    await cached(h.db, { ...scope, projectId: 'elsewhere' }, 'violin');
    expect(calls.count).toBe(3);

    // A retention of nothing lets a deleted session be purged at once.
    const purging = createMemoryService({ store: h.store, sessionRetentionMs: 0 });
    const [recital, strings] = [ids[0]!, ids[1]!];
    const changes: Array<[string, () => Promise<unknown>, (ids: string[]) => boolean]> = [
      ['a new round', () => service.ingestRound(user, { session_id: 's3', user_message: 'violin teacher is away', assistant_message: 'ok' }), (found) => found.length === 3],
      ['a session deleted', () => service.deleteSession(user, 's1'), (found) => !found.includes(recital)],
      ['the session restored', () => service.restoreSession(user, 's1'), (found) => found.includes(recital)],
      ['a session purged', async () => { await purging.deleteSession(user, 's2'); expect(await purging.purgeSession(user, 's2')).toBe(true); }, (found) => !found.includes(strings)],
    ];
    for (const [what, change, holds] of changes) {
      const before = await scopeStamp(h.db, scope);
      await change();
      await h.catchUp();
      expect(await scopeStamp(h.db, scope), what).not.toBe(before);
      const count = calls.count;
      const hits = await cached(h.db, scope, 'violin');
      expect(calls.count, what).toBe(count + 1);
      expect(holds(matched(hits)), what).toBe(true);
      expect(hits).toEqual(await searchLexical(h.db, scope, 'violin'));
    }
  });

  it('moves the stamp when a document is replaced by a version of the same size', async () => {
    const user = `u-${randomUUID()}`;
    await service.ingestRound(user, { session_id: 'docs', user_message: 'keeping the guide here', assistant_message: 'ok' });
    const ingest = async (text: string) => {
      const request = await service.requestDocumentIngest(user, { request_id: randomUUID(), connector_type: 'filesystem', external_id: 'guide.md', session_id: 'docs', domain: null });
      await service.recordDocumentIngested(user, request.sourceId, request.requestId, {
        title: 'Guide', mime_type: 'text/markdown', source_url: null, content_hash: text, chunks: [{ chunk_id: randomUUID(), index: 0, text, token_count: 3 }],
      });
      await h.catchUp();
    };
    await ingest('kiln firing schedule');
    const { calls, cached } = counting();
    expect((await cached(h.db, scopeOf(user), 'kiln')).matches).toHaveLength(1);
    const before = await scopeStamp(h.db, scopeOf(user));
    // Same number of records, tokens and words: only the stamp tells the versions apart.
    await ingest('glaze firing schedule');
    expect(await scopeStamp(h.db, scopeOf(user))).not.toBe(before);
    expect((await cached(h.db, scopeOf(user), 'kiln')).matches).toEqual([]);
    expect(calls.count).toBe(2);
  });

  it('moves the stamp when one step hides and shows records of the same size', async () => {
    const user = `u-${randomUUID()}`;
    const [first, second] = [
      (await service.ingestRound(user, { session_id: 'a', user_message: 'cello lesson one', assistant_message: 'ok' })).roundId,
      (await service.ingestRound(user, { session_id: 'b', user_message: 'cello lesson two', assistant_message: 'ok' })).roundId,
    ];
    await service.deleteSession(user, 'b');
    await h.catchUp();
    const { cached } = counting();
    expect(matched(await cached(h.db, scopeOf(user), 'cello'))).toEqual([first]);
    const before = await scopeStamp(h.db, scopeOf(user));
    // One batch: the same records, tokens and words stay visible in total.
    await service.deleteSession(user, 'a');
    await service.restoreSession(user, 'b');
    await h.catchUp();
    expect(await scopeStamp(h.db, scopeOf(user))).not.toBe(before);
    expect(matched(await cached(h.db, scopeOf(user), 'cello'))).toEqual([second]);
  });

  it('keeps nothing while the active generation predates the stamp (an upgrade before its rebuild)', async () => {
    const user = `u-${randomUUID()}`;
    await service.ingestRound(user, { session_id: 's', user_message: 'harp strings', assistant_message: 'ok' });
    await h.catchUp();
    await h.db.query(`UPDATE projection_generations SET version = 7 WHERE name = 'memory_records' AND status = 'active'`);
    try {
      // A new handle: the active version is cached per handle for a few seconds.
      const older = { ...h.db };
      const { calls, cached } = counting();
      expect(await scopeStamp(older, scopeOf(user))).toBeNull();
      const first = await cached(older, scopeOf(user), 'harp');
      expect(first.stamp).toBeNull();
      expect(first.matches).toHaveLength(1);
      await cached(older, scopeOf(user), 'harp');
      expect(calls.count).toBe(2);
    } finally {
      await h.db.query(`UPDATE projection_generations SET version = $1 WHERE name = 'memory_records' AND status = 'active'`, [memoryRecordsProjection.version]);
    }
  });

  it('keeps nothing when told to keep no entries, and nothing for a scope without records', async () => {
    const { calls } = counting();
    const none = cachedLexicalSearch(0, (db, scope, query) => { calls.count++; return searchLexical(db, scope, query); });
    const user = `u-${randomUUID()}`;
    await service.ingestRound(user, { session_id: 's', user_message: 'oboe reeds', assistant_message: 'ok' });
    await h.catchUp();
    await none(h.db, scopeOf(user), 'oboe');
    await none(h.db, scopeOf(user), 'oboe');
    expect(calls.count).toBe(2);
    const empty = counting();
    expect(await scopeStamp(h.db, scopeOf('nobody'))).toBeNull();
    await empty.cached(h.db, scopeOf('nobody'), 'oboe');
    await empty.cached(h.db, scopeOf('nobody'), 'oboe');
    expect(empty.calls.count).toBe(2);
  });
});
