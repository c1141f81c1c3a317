import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService, type MemoryService } from '@memctx/commands';
import type { Db, Queryable } from '@memctx/db';
import { EMBEDDING_DIMENSIONS, keepRetrieval, memoryRecordsProjection, scopeStamp, searchLexical, searchVector, toVectorLiteral, type RetrievalScope } from '@memctx/read-models';
import { backends, type Harness } from './harness.js';

const scopeOf = (userId: string) => ({ userId, projectId: null, includeGlobal: false });
const matched = (hits: { matches: readonly { record_id: string }[] }) => hits.matches.map((m) => m.record_id).sort();

const axis = (i: number) => Float32Array.from({ length: EMBEDDING_DIMENSIONS }, (_, d) => (d === i ? 1 : 0));

describe.each(backends)('retrieval answers kept per scope state on %s', (_name, open) => {
  let h: Harness;
  let service: MemoryService;
  beforeAll(async () => {
    h = await open();
    service = createMemoryService({ store: h.store, sessionRetentionMs: 3_600_000 });
  });
  afterAll(() => h.close());

  /** A handle on the test database that counts how often each half's statement ran, and a cache over it. */
  const counting = (entries = 100) => {
    const calls = { count: 0, vector: 0, stamp: 0 };
    const note = (text: string) => {
      if (text.includes('WITH terms AS')) calls.count++;
      else if (text.includes('ORDER BY embedding <=>')) calls.vector++;
      else if (text.includes('change_stamp')) calls.stamp++;
    };
    const watched = <Q extends Queryable>(q: Q): Q => ({
      ...q,
      query: (...args: Parameters<Queryable['query']>) => {
        note(args[0]);
        return q.query(...args);
      },
    });
    const db: Db = { ...watched(h.db), transaction: (fn) => h.db.transaction((tx) => fn(watched(tx))) };
    const kept = keepRetrieval(entries);
    const cached = (scope: RetrievalScope, query: string | null) => kept.forBuild(db, scope, query).lexical();
    const nearest = (scope: RetrievalScope, query: string, vector: ArrayLike<number>) => kept.forBuild(db, scope, query).vector(vector, 5);
    const both = async (scope: RetrievalScope, query: string, vector: ArrayLike<number>) => {
      const halves = kept.forBuild(db, scope, query);
      return Promise.all([halves.lexical(), halves.vector(vector, 5)]);
    };
    return { calls, cached, nearest, both };
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
    const first = await cached(scope, 'violin');
    expect(matched(first)).toEqual([ids[0], ids[1]].sort());
    expect(await cached(scope, 'violin')).toEqual(first);
    expect(calls.count).toBe(1);
    // Another query, and the same query in another scope, are answered by the statement.
    await cached(scope, 'soup');
    await cached({ ...scope, projectId: 'elsewhere' }, 'violin');
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
      const hits = await cached(scope, 'violin');
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
    expect((await cached(scopeOf(user), 'kiln')).matches).toHaveLength(1);
    const before = await scopeStamp(h.db, scopeOf(user));
    // Same number of records, tokens and words: only the stamp tells the versions apart.
    await ingest('glaze firing schedule');
    expect(await scopeStamp(h.db, scopeOf(user))).not.toBe(before);
    expect((await cached(scopeOf(user), 'kiln')).matches).toEqual([]);
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
    expect(matched(await cached(scopeOf(user), 'cello'))).toEqual([first]);
    const before = await scopeStamp(h.db, scopeOf(user));
    // One batch: the same records, tokens and words stay visible in total.
    await service.deleteSession(user, 'a');
    await service.restoreSession(user, 'b');
    await h.catchUp();
    expect(await scopeStamp(h.db, scopeOf(user))).not.toBe(before);
    expect(matched(await cached(scopeOf(user), 'cello'))).toEqual([second]);
  });

  it('keeps nothing while the active generation predates the stamp (an upgrade before its rebuild)', async () => {
    const user = `u-${randomUUID()}`;
    await service.ingestRound(user, { session_id: 's', user_message: 'harp strings', assistant_message: 'ok' });
    await h.catchUp();
    await h.db.query(`UPDATE projection_generations SET version = 7 WHERE name = 'memory_records' AND status = 'active'`);
    try {
      // A new handle: the active version is cached per handle for a few seconds.
      const { calls, cached } = counting();
      expect(await scopeStamp({ ...h.db }, scopeOf(user))).toBeNull();
      const first = await cached(scopeOf(user), 'harp');
      expect(first.stamp).toBeNull();
      expect(first.matches).toHaveLength(1);
      await cached(scopeOf(user), 'harp');
      expect(calls.count).toBe(2);
    } finally {
      await h.db.query(`UPDATE projection_generations SET version = $1 WHERE name = 'memory_records' AND status = 'active'`, [memoryRecordsProjection.version]);
    }
  });

  it('reads the stamp only for a query asked again, once for both halves', async () => {
    const user = `u-${randomUUID()}`;
    const { roundId } = await service.ingestRound(user, { session_id: 's', user_message: 'tuba valves', assistant_message: 'ok' });
    await h.catchUp();
    await h.db.query('UPDATE memory_records SET embedding = $1::vector WHERE user_id = $2 AND record_id = $3', [toVectorLiteral(axis(2)), user, roundId]);
    const { calls, both } = counting();
    const [lexical, vector] = await both(scopeOf(user), 'tuba', axis(2));
    expect([calls.count, calls.vector, calls.stamp]).toEqual([1, 1, 0]);
    expect(await both(scopeOf(user), 'tuba', axis(2))).toEqual([lexical, vector]);
    expect([calls.count, calls.vector, calls.stamp]).toEqual([1, 1, 1]);
  });

  it('keeps nothing when told to keep no entries, and nothing for a scope without records', async () => {
    const user = `u-${randomUUID()}`;
    await service.ingestRound(user, { session_id: 's', user_message: 'oboe reeds', assistant_message: 'ok' });
    await h.catchUp();
    const none = counting(0);
    await none.cached(scopeOf(user), 'oboe');
    await none.cached(scopeOf(user), 'oboe');
    expect(none.calls.count).toBe(2);
    const empty = counting();
    expect(await scopeStamp(h.db, scopeOf('nobody'))).toBeNull();
    await empty.cached(scopeOf('nobody'), 'oboe');
    await empty.cached(scopeOf('nobody'), 'oboe');
    expect(empty.calls.count).toBe(2);
  });

  it('keeps the nearest records until a vector of the scope changes', async () => {
    const user = `u-${randomUUID()}`;
    const [first, second] = [
      (await service.ingestRound(user, { session_id: 's', user_message: 'bassoon one', assistant_message: 'ok' })).roundId,
      (await service.ingestRound(user, { session_id: 's', user_message: 'bassoon two', assistant_message: 'ok' })).roundId,
    ];
    await h.catchUp();
    const embed = (record: string, vector: Float32Array) =>
      h.db.query('UPDATE memory_records SET embedding = $1::vector WHERE user_id = $2 AND record_id = $3', [toVectorLiteral(vector), user, record]);
    await embed(first, axis(0));
    const { calls, nearest } = counting();
    const found = await nearest(scopeOf(user), 'bassoon', axis(1));
    expect(found.map((hit) => hit.record_id)).toEqual([first]);
    expect(await nearest(scopeOf(user), 'bassoon', axis(1))).toEqual(found);
    expect(calls.vector).toBe(1);
    // The filler embeds the second record: the stamp moves, and the nearest are searched again.
    const before = await scopeStamp(h.db, scopeOf(user));
    await embed(second, axis(1));
    expect(await scopeStamp(h.db, scopeOf(user))).not.toBe(before);
    const again = await nearest(scopeOf(user), 'bassoon', axis(1));
    expect(calls.vector).toBe(2);
    expect(again.map((hit) => hit.record_id)).toEqual([second, first]);
    expect(again).toEqual(await searchVector(h.db, scopeOf(user), axis(1), 5));
    // A lease on a record being embedded changes no vector, and moves nothing.
    const stamp = await scopeStamp(h.db, scopeOf(user));
    await h.db.query("INSERT INTO embedding_claims (user_id, record_id, until) SELECT user_id, record_id, now() FROM memory_records WHERE user_id = $1", [user]);
    expect(await scopeStamp(h.db, scopeOf(user))).toBe(stamp);
  });
});
