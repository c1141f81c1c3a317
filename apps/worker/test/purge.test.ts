import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp } from '@memctx/projections';
import { openRuntime, type Runtime } from '@memctx/runtime';
import { createLogger, loadConfig } from '@memctx/shared';
import { createTestDatabase, tablesHolding, waitUntilAllVisible, type TestDatabase } from '@memctx/testing';
import { purgeDueSessions } from '../src/index.js';

const RETENTION_SECONDS = 3;
const marker = (what: string) => `${what}${randomUUID().replaceAll('-', '')}`;
// Alice's 'gone' session is purged; her 'kept' session and Bob's session of the same id are not.
const GONE = marker('GONE');
const KEPT = marker('KEPT');
const BOBS = marker('BOBS');

describe('session purge', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let deletedAt = 0;

  beforeAll(async () => {
    database = await createTestDatabase('purge');
    const config = loadConfig({
      MEMCTX_DATABASE_URL: database.url, MEMCTX_EMBEDDINGS: 'off', MEMCTX_LOG_LEVEL: 'silent', MEMCTX_SESSION_RETENTION_SECONDS: String(RETENTION_SECONDS),
    });
    runtime = await openRuntime(config, createLogger(config));
    const round = (text: string, n: number) => ({ user_message: `my locker code is ${text} ${n}`, assistant_message: `Noted: ${text}.` });
    for (let n = 0; n < 3; n++) {
      await runtime.service.ingestRound('alice', { session_id: 'gone', ...round(GONE, n) });
      await runtime.service.ingestRound('alice', { session_id: 'kept', ...round(KEPT, n) });
      await runtime.service.ingestRound('bob', { session_id: 'gone', ...round(BOBS, n) });
    }
    await runtime.service.deleteSession('alice', 'gone');
    deletedAt = Date.now();
    await projected();
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
  });

  async function projected(): Promise<void> {
    await waitUntilAllVisible(runtime.db);
    await catchUp(runtime.db, runtime.store, runtime.projections);
  }

  const keys = async () =>
    (await runtime.db.query<{ user_id: string; session_id: string }>('SELECT user_id, session_id FROM session_keys ORDER BY user_id, session_id')).rows;
  /** The tables (read models under their generation's schema) whose rows hold the text. */
  const tablesWith = async (text: string) => Object.keys(await tablesHolding(runtime.db, text)).map((name) => name.split('.')[1]);
  const purgedEvents = async () => (await runtime.db.query("SELECT stream_id FROM events WHERE type = 'SessionPurged'")).rows;
  /** Every row of every read model (through the public views), for comparing runs. */
  async function readModels(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const table of runtime.projections.flatMap((p) => p.tables)) {
      const { rows } = await runtime.db.query<{ row: string }>(`SELECT t::text AS row FROM public.${table} t`);
      out[table] = rows.map((r) => r.row).sort();
    }
    return out;
  }

  it('leaves a soft-deleted session alone until its retention window has elapsed', async () => {
    expect(await purgeDueSessions({ db: runtime.db, service: runtime.service })).toBe(0);
    expect(await purgedEvents()).toEqual([]);
    expect(await keys()).toHaveLength(3);
    expect(await tablesWith(GONE)).toEqual(expect.arrayContaining(['session_messages', 'memory_records']));
  });

  it('purges a due session: its rows leave the read models and its key is destroyed, so its events read blank', async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, deletedAt + RETENTION_SECONDS * 1000 + 100 - Date.now())));
    expect(await purgeDueSessions({ db: runtime.db, service: runtime.service })).toBe(1);
    await projected();

    expect(await purgedEvents()).toEqual([{ stream_id: 'session-alice:gone' }]);
    expect(await keys()).toEqual([{ user_id: 'alice', session_id: 'kept' }, { user_id: 'bob', session_id: 'gone' }]);
    // Not in any table, plain or hex: neither read models (any generation) nor events, whose sealed text has no key left.
    expect(await tablesHolding(runtime.db, GONE)).toEqual({});
    const { events } = await runtime.store.readStream('session-alice:gone');
    const rounds = events.filter((e) => e.type === 'RoundIngested');
    expect(rounds).toHaveLength(3);
    for (const e of rounds) {
      expect(e.data).toMatchObject({ user_message: '', assistant_message: '' });
      expect(e.metadata).toMatchObject({ shredded: ['user_message', 'assistant_message'] });
    }
    const sessions = await runtime.db.query('SELECT user_id, session_id FROM sessions WHERE user_id = $1 AND session_id = $2', ['alice', 'gone']);
    expect(sessions.rows).toEqual([]);
  });

  it("keeps the user's other session and another user's session of the same id, readable", async () => {
    const messages = async (user: string, session: string) =>
      (await runtime.db.query<{ content: string }>('SELECT content FROM session_messages WHERE user_id = $1 AND session_id = $2', [user, session])).rows.map((r) => r.content);
    expect((await messages('alice', 'kept')).filter((c) => c.includes(KEPT))).toHaveLength(6);
    expect((await messages('bob', 'gone')).filter((c) => c.includes(BOBS))).toHaveLength(6);
    const { events } = await runtime.store.readStream('session-bob:gone');
    expect(events.filter((e) => JSON.stringify(e.data).includes(BOBS))).toHaveLength(3);
    for (const text of [KEPT, BOBS]) expect(await tablesWith(text)).toEqual(expect.arrayContaining(['session_messages', 'memory_records']));
  });

  it('is idempotent: running it again appends nothing and changes no read model', async () => {
    const before = await readModels();
    expect(await purgeDueSessions({ db: runtime.db, service: runtime.service })).toBe(0);
    // Even asked for the purged session directly (two workers racing), the decider appends nothing.
    expect(await runtime.service.purgeSession('alice', 'gone')).toBe(false);
    await projected();
    expect(await purgedEvents()).toHaveLength(1);
    expect(await readModels()).toEqual(before);
    expect(await keys()).toHaveLength(2);
  });
});
