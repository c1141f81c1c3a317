import { randomBytes, randomUUID } from 'node:crypto';
import { createPgliteDb } from '@memctx/db';
import { START, createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { describe, expect, it } from 'vitest';
import { createPostgresKeyStore, migrateKeyStore, openShreddingStore, withShredding } from '../src/index.js';
import { eventStoreContract } from '@memctx/event-store/contract';
import { sealEverything } from './seal-everything.js';

// The embedded default runs the same SQL on PGlite: the key store's unnest/uuid[]/ON CONFLICT included.
const db = await createPgliteDb();

eventStoreContract('PGlite with crypto-shredding', {
  supportsConcurrentTransactions: false,
  async open() {
    await migrateEventStore(db);
    await migrateKeyStore(db);
    return { store: withShredding(createPostgresEventStore(db), { keys: createPostgresKeyStore(db), policy: sealEverything }), close: async () => undefined };
  },
});

describe('crypto-shredding on PGlite', () => {
  it('given a wrapped session key, when the session is purged, then its round reads as a placeholder and no plaintext is stored', async () => {
    const { store, storedEvents } = await openShreddingStore(db, { masterKey: randomBytes(32) });
    const user = `u-${randomUUID()}`;
    const stream = `session-${user}:s`;
    const data = { user_id: user, session_id: 's', round_id: randomUUID(), user_message: 'PGLITE-MARKER', assistant_message: 'ok' };
    await store.append(stream, [{ event_id: randomUUID(), type: 'RoundIngested', data }]);
    expect((await store.readStream(stream)).events[0]!.data.user_message).toBe('PGLITE-MARKER');
    expect(JSON.stringify(await storedEvents.readAll({ after: START, maxCount: 100_000 }))).not.toContain('PGLITE-MARKER');

    await store.append(stream, [{ event_id: randomUUID(), type: 'SessionPurged', data: { user_id: user, session_id: 's', purged_at: new Date().toISOString() } }]);
    expect((await store.readStream(stream)).events[0]!.data.user_message).toBe('');
    expect((await db.query('SELECT 1 FROM session_keys WHERE user_id = $1', [user])).rows).toEqual([]);
  });
});
