/*
 * "Deleted means gone": a purged session's text is recoverable from no table of the
 * database, while other sessions, their SIPs and a blue/green rebuild still work.
 * Over HTTP against the real server (API, projector and worker in one process).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@memctx/db';
import { projectionStatus, rebuildProjection } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { openShreddingStore, type ShreddingEventStore } from '@memctx/shredding';
import { tablesHolding, waitUntilAllVisible } from '@memctx/testing';
import { startTestServer, type Client, type TestServer } from './server.js';

let server: TestServer;
let db: Db;
let store: ShreddingEventStore;
let alice: Client;
const GONE = `GONE${randomUUID().replaceAll('-', '')}`;
const KEPT = `KEPT${randomUUID().replaceAll('-', '')}`;

beforeAll(async () => {
  server = await startTestServer({ MEMCTX_SESSION_RETENTION_SECONDS: '1', MEMCTX_PURGE_INTERVAL_SECONDS: '1', MEMCTX_EMBEDDINGS: 'off' });
  db = createPostgresDb({ connectionString: server.databaseUrl, maxConnections: 4 });
  store = (await openShreddingStore(db)).store;
  alice = await server.newUser('alice');
});
afterAll(async () => {
  await db.close();
  await server.stop();
});

/** tablesHolding, after checking that the tables looked at include the ones the text was in. */
async function tablesHoldingText(needle: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE'");
  expect(rows.map((t) => t.name)).toEqual(expect.arrayContaining(['events', 'session_keys', 'session_messages', 'memory_records']));
  return tablesHolding(db, needle);
}

async function caughtUp(): Promise<void> {
  await waitUntilAllVisible(db);
  await expect.poll(async () => (await projectionStatus(db, store, allProjections)).every((s) => s.lagEvents === 0), { timeout: 30_000 }).toBe(true);
}

/** The read models as readers see them (through the views), minus what a rebuild may renumber. */
async function readModels(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const projection of allProjections) {
    for (const table of projection.tables) {
      // change_stamp moves with each writing transaction, which a rebuild's batches do not repeat: it is no content.
      const { rows } = await db.query<{ row: string }>(
        `SELECT (to_jsonb(t) - 'change_stamp')::text AS row FROM public.${table} t WHERE t::text LIKE $1`, [`%${alice.userId}%`]);
      out[table] = rows.map((r) => r.row).sort();
    }
  }
  return out;
}

const round = (session_id: string, text: string) => ({ session_id, user_message: `my locker code is ${text}`, assistant_message: `Noted: ${text}.` });

describe('purging a session crypto-shreds its text', () => {
  let before: Record<string, string[]>;
  // How many records the SIP built for 'kept' cited (near-duplicates collapse into one line, so not simply the rounds).
  let keptSipRecords = 0;

  it('keeps the text readable while the session lives, and out of the events table from the start', async () => {
    for (const body of [round('gone', GONE), round('gone', `${GONE} again`)]) expect((await alice.call('POST', '/api/v1/memory/ingest', body)).status).toBe(200);
    expect((await alice.call('POST', '/api/v1/memory/generated', { session_id: 'gone', user_message: GONE, assistant_message: `You said ${GONE}` })).status).toBe(200);
    const sip = await alice.call('POST', '/api/v1/sip/build', { query: 'locker code', session_id: 'gone' });
    expect(sip.body.sip).toContain(GONE);
    expect((await alice.call('POST', '/api/v1/memory/ingest', round('gone', 'third'))).status).toBe(200);
    expect((await alice.call('POST', '/api/v1/memory/ingest', round('kept', KEPT))).status).toBe(200);
    // SIPs of another session, and of none, quoting the session to be purged; the next round of 'kept' records its SIP's text.
    for (const body of [{ query: 'locker code', session_id: 'kept' }, { query: 'locker code' }]) {
      const quoting = await alice.call('POST', '/api/v1/sip/build', body);
      expect(quoting.body.sip).toContain(GONE);
      expect(quoting.body.sip).toContain(KEPT);
      if (body.session_id) keptSipRecords = quoting.body.records_used;
    }
    expect(keptSipRecords).toBeGreaterThan(1);
    expect((await alice.call('POST', '/api/v1/memory/ingest', round('kept', 'second'))).status).toBe(200);

    const messages = await alice.call('GET', '/api/v1/sessions/gone/messages');
    expect(JSON.stringify(messages.body)).toContain(GONE);
    const kept = await alice.call('GET', '/api/v1/sessions/kept/messages');
    expect(kept.body.messages[3].sip_text).toContain(GONE);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE data::text LIKE '%' || $1 || '%'", [GONE]);
    expect(rows[0]!.n).toBe(0);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM session_keys')).rows[0]!.n).toBe(2);
  });

  it('after soft-delete and the purge, the marker is in no table at all, and the key is gone', async () => {
    expect((await alice.call('DELETE', '/api/v1/sessions/gone')).status).toBe(204);
    await expect.poll(async () => (await db.query('SELECT 1 FROM events WHERE type = $1', ['SessionPurged'])).rows.length, { timeout: 30_000 }).toBe(1);
    await caughtUp();

    expect(await tablesHoldingText(GONE)).toEqual({});
    const { rows } = await db.query<{ session_id: string }>('SELECT session_id FROM session_keys WHERE user_id = $1', [alice.userId]);
    expect(rows.map((r) => r.session_id)).toEqual(['kept']);
    // The events are all still there, sealed: replay and rebuild read them as placeholders.
    const replayed = (await store.readStream(`session-${alice.userId}:gone`)).events;
    expect(replayed.map((e) => e.type)).toEqual(['RoundIngested', 'RoundIngested', 'GeneratedStatementRecorded', 'RoundIngested', 'SessionSoftDeleted', 'SessionPurged']);
    expect(replayed[0]!.data).toMatchObject({ user_message: '', assistant_message: '' });
    expect(replayed[0]!.metadata).toMatchObject({ shredded: ['user_message', 'assistant_message'] });
    expect((await alice.call('POST', '/api/v1/sessions/gone/restore')).status).toBe(404);
  });

  it('leaves other sessions readable, and their SIPs working; a SIP text that quoted the purged session is blanked', async () => {
    const messages = await alice.call('GET', '/api/v1/sessions/kept/messages');
    expect(messages.body.messages.map((m: { content: string }) => m.content)).toEqual([
      `my locker code is ${KEPT}`, `Noted: ${KEPT}.`, 'my locker code is second', 'Noted: second.',
    ]);
    expect(messages.body.messages[3]).toMatchObject({ sip_text: '', records_used: keptSipRecords });
    const sip = await alice.call('POST', '/api/v1/sip/build', { query: 'locker code', session_id: 'kept' });
    expect(sip.status).toBe(200);
    expect(sip.body.sip).toContain(KEPT);
    expect(sip.body.sip).not.toContain(GONE);
    expect(sip.body.records_used).toBe(2);
  });

  it('lets the purged session id start afresh under a new key', async () => {
    expect((await alice.call('POST', '/api/v1/memory/ingest', round('gone', 'fresh start'))).status).toBe(200);
    const messages = await alice.call('GET', '/api/v1/sessions/gone/messages');
    expect(messages.body.messages.map((m: { content: string }) => m.content)).toEqual(['my locker code is fresh start', 'Noted: fresh start.']);
    await caughtUp();
    before = await readModels();
    expect(before.session_messages!.length).toBe(6);
  });

  it('rebuilds every projection blue/green into the same read models, resurrecting nothing', async () => {
    for (const projection of allProjections) {
      const result = await rebuildProjection(db, store, projection, { batchSize: 3 });
      expect(result.to).toBeGreaterThan(result.from ?? 0);
    }
    await caughtUp();
    expect(await readModels()).toEqual(before);
    expect(await tablesHoldingText(GONE)).toEqual({});
  });
});
