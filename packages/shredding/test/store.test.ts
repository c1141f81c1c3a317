import { randomBytes, randomUUID } from 'node:crypto';
import { createPostgresDb, type Db } from '@memctx/db';
import { START, WrongExpectedVersionError, createInMemoryEventStore, type EventStore, type EventToAppend, type RecordedEvent } from '@memctx/event-store';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresKeyStore, migrateKeyStore, withShredding, WrappedKeyError, type KeyStore } from '../src/index.js';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase('shredding');
  db = createPostgresDb({ connectionString: database.url });
  await migrateKeyStore(db);
});
afterAll(async () => {
  await db.close();
  await database.drop();
});

const round = (userId: string, sessionId: string, text: string): EventToAppend => ({
  event_id: randomUUID(),
  type: 'RoundIngested',
  data: { user_id: userId, session_id: sessionId, round_id: randomUUID(), user_message: `user says ${text}`, assistant_message: `assistant says ${text}` },
});
const purged = (userId: string, sessionId: string): EventToAppend => ({
  event_id: randomUUID(), type: 'SessionPurged', data: { user_id: userId, session_id: sessionId, purged_at: new Date().toISOString() },
});
const sip = (userId: string, sessionId: string | null, text: string, cited: string[] = []): EventToAppend => ({
  event_id: randomUUID(),
  type: 'SipBuilt',
  data: { user_id: userId, session_id: sessionId, query: `q ${text}`, sip_text: `sip ${text}`, records_used: 1, cited_session_ids: cited },
});

function setup(keys: KeyStore = createPostgresKeyStore(db)) {
  const inner = createInMemoryEventStore();
  const user = `u-${randomUUID()}`;
  return { inner, store: withShredding(inner, { keys }), user, stream: (session: string) => `session-${user}:${session}` };
}
const rawText = async (inner: EventStore) => JSON.stringify(await inner.readAll({ after: START, maxCount: 10_000 }));
const dataOf = (events: RecordedEvent[]) => events.map((e) => e.data);

describe('withShredding', () => {
  it('given a round, when appended, then the inner store holds no message text and reads give it back', async () => {
    const { inner, store, user, stream } = setup();
    await store.append(stream('s1'), [round(user, 's1', 'MARKER-A')]);

    expect(await rawText(inner)).not.toContain('MARKER-A');
    const [stored] = await inner.readAll({ after: START, maxCount: 10 });
    expect(stored!.data.user_message).toMatchObject({ $sealed: 'v1' });
    expect(stored!.data.session_id).toBe('s1');

    const { events } = await store.readStream(stream('s1'));
    expect(events[0]!.data).toMatchObject({ user_message: 'user says MARKER-A', assistant_message: 'assistant says MARKER-A' });
    expect(dataOf(await store.readAll({ after: START, maxCount: 10 }))).toEqual(dataOf(events));
  });

  it('given a purged session, when read again, then its text reads as "" marked shredded, and other sessions are untouched', async () => {
    const { inner, store, user, stream } = setup();
    await store.append(stream('gone'), [round(user, 'gone', 'MARKER-B')]);
    await store.append(stream('kept'), [round(user, 'kept', 'MARKER-C')]);
    await store.append(`user-${user}`, [
      sip(user, 'gone', 'MARKER-B'), sip(user, null, 'MARKER-D', ['kept']), sip(user, 'kept', 'MARKER-B quoted', ['gone', 'kept']), sip(user, null, 'MARKER-B too', ['gone']),
      sip(user, null, 'documents only'),
    ]);
    expect((await store.readStream(stream('gone'))).events[0]!.data.user_message).toBe('user says MARKER-B');

    await store.append(stream('gone'), [purged(user, 'gone')]);

    const gone = (await store.readStream(stream('gone'))).events;
    expect(gone[0]!.data).toMatchObject({ user_message: '', assistant_message: '', session_id: 'gone' });
    expect(gone[0]!.metadata).toMatchObject({ shredded: ['user_message', 'assistant_message'] });
    expect(gone[1]!.type).toBe('SessionPurged');
    const builds = (await store.readStream(`user-${user}`)).events;
    expect(builds.map((e) => [e.data.query, e.data.sip_text])).toEqual([
      [null, ''], ['q MARKER-D', 'sip MARKER-D'], [null, ''], [null, ''], ['q documents only', 'sip documents only'],
    ]);
    expect((await store.readStream(stream('kept'))).events[0]!.data.user_message).toBe('user says MARKER-C');
    // Sealed before the purge and unopenable after it, wherever the copy is.
    expect(await rawText(inner)).not.toContain('MARKER-B');
  });

  it('given a reader of the feed, when a session is purged, then it read the text before and reads the placeholder in a later replay', async () => {
    const { store, user, stream } = setup();
    await store.append(stream('s'), [round(user, 's', 'MARKER-E')]);
    const seen = await store.readAll({ after: START, maxCount: 10 });
    expect(seen[0]!.data.user_message).toBe('user says MARKER-E');

    await store.append(stream('s'), [purged(user, 's')]);
    const replay = await store.readAll({ after: START, maxCount: 10 });
    expect(replay.map((e) => [e.type, e.data.user_message])).toEqual([['RoundIngested', ''], ['SessionPurged', undefined]]);
  });

  it('given a purge whose append fails after the key was destroyed (a crash, a conflict), when retried, then the key stays gone and the purge is stored', async () => {
    const { inner, store, user, stream } = setup();
    await store.append(stream('s'), [round(user, 's', 'MARKER-H')]);
    const purge = purged(user, 's');
    await expect(store.append(stream('s'), [purge], { expectedVersion: 5 })).rejects.toThrow(WrongExpectedVersionError);
    expect((await inner.readStream(stream('s'))).version).toBe(1);
    expect((await store.readStream(stream('s'))).events[0]!.data.user_message).toBe('');

    await store.append(stream('s'), [purge], { expectedVersion: 1 });
    await store.append(stream('s'), [purge], { expectedVersion: 'any' });
    expect((await store.readStream(stream('s'))).events.map((e) => e.type)).toEqual(['RoundIngested', 'SessionPurged']);
  });

  it('given a round and the purge of its session in one batch, when appended, then the round is sealed under the destroyed key', async () => {
    const { store, user, stream } = setup();
    const [first] = await store.appendMany([
      { streamId: stream('s'), events: [round(user, 's', 'SAME-BATCH'), purged(user, 's')] },
      { streamId: `user-${user}`, events: [sip(user, 'other', 'quotes SAME-BATCH', ['s'])] },
    ]);
    expect(first!.ok).toBe(true);
    expect((await store.readStream(stream('s'))).events[0]!.data.user_message).toBe('');
    expect((await store.readStream(`user-${user}`)).events[0]!.data.sip_text).toBe('');
  });

  it('given a session written again after its purge, when read, then the new rounds open under a new key and the old stay shredded', async () => {
    const { inner, store, user, stream } = setup();
    await store.append(stream('s'), [round(user, 's', 'OLD')]);
    await store.append(stream('s'), [purged(user, 's')]);
    await store.append(stream('s'), [round(user, 's', 'NEW')]);

    const events = (await store.readStream(stream('s'))).events;
    expect(events.map((e) => e.data.user_message)).toEqual(['', undefined, 'user says NEW']);
    const sealed = (await inner.readStream(stream('s'))).events.map((e) => (e.data.user_message as { keys?: string[] } | undefined)?.keys?.[0]);
    expect(sealed[0]).not.toBe(sealed[2]);
  });

  it('given events stored before shredding existed, when read, then they pass through unchanged', async () => {
    const { inner, store, user, stream } = setup();
    const legacy = round(user, 'old', 'PLAIN');
    await inner.append(stream('old'), [legacy]);
    const [event] = (await store.readStream(stream('old'))).events;
    expect(event!.data).toEqual(legacy.data);
    expect(event!.metadata).toEqual({});
  });

  it('given an event a policy does not name, when appended, then it is stored as it is', async () => {
    const { inner, store, user } = setup();
    await store.append(`project-${user}:p`, [{ event_id: randomUUID(), type: 'ProjectCreated', data: { user_id: user, name: 'Plans' } }]);
    expect((await inner.readAll({ after: START, maxCount: 10 }))[0]!.data.name).toBe('Plans');
  });

  it('given a second process that cached a key, when the first purges, then the second reads the placeholder once it sees the purge', async () => {
    const keys = createPostgresKeyStore(db);
    const { inner, store, user, stream } = setup(keys);
    const other = withShredding(inner, { keys: createPostgresKeyStore(db), cacheTtlMs: 3_600_000 });
    await store.append(stream('s'), [round(user, 's', 'MARKER-F')]);
    expect((await other.readStream(stream('s'))).events[0]!.data.user_message).toBe('user says MARKER-F');

    await store.append(stream('s'), [purged(user, 's')]);
    // The other process's cache still holds the key, but the purge is in the batch it reads.
    expect((await other.readStream(stream('s'))).events[0]!.data.user_message).toBe('');
  });

  it('given a second process that wrote to a session, when the first purges it, then its next write after reading the stream gets a new key', async () => {
    const { inner, store, user, stream } = setup();
    const other = withShredding(inner, { keys: createPostgresKeyStore(db), cacheTtlMs: 3_600_000 });
    await other.append(stream('s'), [round(user, 's', 'BEFORE')]);
    await store.append(stream('s'), [purged(user, 's')]);
    // As a command does: load the stream (which holds the purge), decide, append.
    expect((await other.readStream(stream('s'))).events.map((e) => e.type)).toEqual(['RoundIngested', 'SessionPurged']);
    await other.append(stream('s'), [round(user, 's', 'AFTER')]);
    expect((await store.readStream(stream('s'))).events.map((e) => e.data.user_message)).toEqual(['', undefined, 'user says AFTER']);
  });

  it('given a cached key past its TTL, when read after a purge it has not seen, then the key store is asked again', async () => {
    let clock = 0;
    const { inner, store, user, stream } = setup();
    const other = withShredding(inner, { keys: createPostgresKeyStore(db), cacheTtlMs: 1_000, now: () => clock });
    await store.append(stream('s'), [round(user, 's', 'MARKER-G')]);
    expect((await other.readStream(stream('s'), { maxCount: 1 })).events[0]!.data.user_message).toBe('user says MARKER-G');
    await store.append(stream('s'), [purged(user, 's')]);
    expect((await other.readStream(stream('s'), { maxCount: 1 })).events[0]!.data.user_message).toBe('user says MARKER-G');
    clock = 1_001;
    expect((await other.readStream(stream('s'), { maxCount: 1 })).events[0]!.data.user_message).toBe('');
  });
});

describe('the PostgreSQL key store', () => {
  it('given a master key, when a session key is made, then the row holds it wrapped and it opens only with that master key', async () => {
    const master = randomBytes(32);
    const user = `u-${randomUUID()}`;
    const keys = createPostgresKeyStore(db, { masterKey: master });
    const made = (await keys.keysFor([{ userId: user, sessionId: 's' }])).get(`${user}\u0000s`)!;
    const { rows } = await db.query<{ key: Buffer; wrapped: boolean }>('SELECT key, wrapped FROM session_keys WHERE key_id = $1', [made.keyId]);
    expect(rows[0]!.wrapped).toBe(true);
    expect(Buffer.from(rows[0]!.key).includes(made.key)).toBe(false);

    expect((await createPostgresKeyStore(db, { masterKey: master }).find([made.keyId])).get(made.keyId)!.key).toEqual(made.key);
    await expect(createPostgresKeyStore(db, { masterKey: randomBytes(32) }).find([made.keyId])).rejects.toThrow(WrappedKeyError);
    await expect(createPostgresKeyStore(db).find([made.keyId])).rejects.toThrow(/MEMCTX_CREDENTIALS_KEY is not set/);
  });

  it('given concurrent first writes to one session, when keys are asked for, then all get the same key', async () => {
    const user = `u-${randomUUID()}`;
    const stores = Array.from({ length: 8 }, () => createPostgresKeyStore(db));
    const keys = await Promise.all(stores.map((keys) => keys.keysFor([{ userId: user, sessionId: 's' }, { userId: user, sessionId: 's' }])));
    expect(new Set(keys.map((k) => k.get(`${user}\u0000s`)!.keyId)).size).toBe(1);
  });

  it('given a destroyed session key, when destroyed again or looked up, then nothing is found and nothing fails', async () => {
    const keys = createPostgresKeyStore(db);
    const session = { userId: `u-${randomUUID()}`, sessionId: 's' };
    const made = (await keys.keysFor([session])).values().next().value!;
    await keys.destroy(session);
    await keys.destroy(session);
    expect((await keys.find([made.keyId, 'not-a-uuid'])).size).toBe(0);
  });
});
