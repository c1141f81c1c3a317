import { createHash } from 'node:crypto';
import { createPgliteDb, createPostgresDb, type Db } from '@memctx/db';
import { createTestDatabase } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbApiKeyStore, createInMemoryApiKeyStore, migrateApiKeys, type ApiKeyStore } from '../src/index.js';

interface Backend {
  store: ApiKeyStore;
  db?: Db;
  cleanup(): Promise<void>;
}

async function onDb(db: Db, cleanup: () => Promise<void>): Promise<Backend> {
  await migrateApiKeys(db);
  return { store: createDbApiKeyStore(db), db, cleanup };
}

const backends: Array<[string, () => Promise<Backend>]> = [
  ['memory', async () => ({ store: createInMemoryApiKeyStore(), cleanup: async () => undefined })],
  [
    'postgres',
    async () => {
      const database = await createTestDatabase('api_keys');
      const db = createPostgresDb({ connectionString: database.url });
      return onDb(db, async () => {
        await db.close();
        await database.drop();
      });
    },
  ],
  [
    'pglite',
    async () => {
      const db = await createPgliteDb();
      return onDb(db, () => db.close());
    },
  ],
];

describe.each(backends)('API key store on %s', (name, open) => {
  let backend: Backend;
  let store: ApiKeyStore;
  beforeAll(async () => {
    backend = await open();
    store = backend.store;
  });
  afterAll(() => backend.cleanup());

  it('creates a random mcx_ key and authenticates it', async () => {
    const { record, apiKey } = await store.create('alice');
    expect(apiKey).toMatch(/^mcx_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ userId: 'alice', prefix: apiKey.slice(0, 12), revokedAt: null });
    expect(record.createdAt).toBeInstanceOf(Date);
    expect(await store.authenticate(apiKey)).toEqual({ userId: 'alice', keyId: record.id, scopes: ['read', 'write', 'sip'], projectId: null });
    expect((await store.create('alice')).apiKey).not.toBe(apiKey);
  });

  it('rejects unknown keys', async () => {
    expect(await store.authenticate(`mcx_${'A'.repeat(43)}`)).toBeUndefined();
  });

  it('stops authenticating a key the moment it is revoked, and keeps the first revocation time', async () => {
    const { record, apiKey } = await store.create('bob');
    expect(await store.revoke(record.id)).toBe(true);
    expect(await store.authenticate(apiKey)).toBeUndefined();
    const [first] = (await store.list({ userId: 'bob' })).filter((key) => key.id === record.id);
    expect(first?.revokedAt).toBeInstanceOf(Date);
    expect(await store.revoke(record.id)).toBe(true);
    const [again] = (await store.list({ userId: 'bob' })).filter((key) => key.id === record.id);
    expect(again?.revokedAt?.getTime()).toBe(first?.revokedAt?.getTime());
  });

  it('answers false when revoking an unknown key', async () => {
    expect(await store.revoke('no-such-key')).toBe(false);
  });

  it('lists keys oldest first, optionally for one user', async () => {
    const first = await store.create('carol');
    const second = await store.create('carol');
    await store.create('dave');
    expect((await store.list({ userId: 'carol' })).map((key) => key.id)).toEqual([first.record.id, second.record.id]);
    const everyone = await store.list();
    expect(new Set(everyone.map((key) => key.userId))).toEqual(new Set(['alice', 'bob', 'carol', 'dave']));
  });

  it('keeps a key\'s scopes (once each, in order) and project, and answers them with the caller', async () => {
    const { record, apiKey } = await store.create('frank', { scopes: ['sip', 'read', 'sip'], projectId: 'p1' });
    expect(record).toMatchObject({ scopes: ['read', 'sip'], projectId: 'p1' });
    expect(await store.authenticate(apiKey)).toEqual({ userId: 'frank', keyId: record.id, scopes: ['read', 'sip'], projectId: 'p1' });
    expect(await store.list({ userId: 'frank' })).toEqual([expect.objectContaining({ scopes: ['read', 'sip'], projectId: 'p1' })]);
  });

  if (name !== 'memory') {
    it('stores only the SHA-256 of a key', async () => {
      const { record, apiKey } = await store.create('erin');
      const db = backend.db as Db;
      const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [record.id]);
      expect(rows[0]?.key_hash).toBe(createHash('sha256').update(apiKey).digest('hex'));
      const everything = await db.query('SELECT * FROM api_keys');
      expect(JSON.stringify(everything.rows)).not.toContain(apiKey.slice(12));
    });

    it('gives a key stored before scopes existed full access', async () => {
      const db = backend.db as Db;
      const apiKey = `mcx_${'B'.repeat(43)}`;
      // The columns a key had before migration 0003: its scopes and project come from the column defaults.
      await db.query('INSERT INTO api_keys (id, user_id, key_hash, prefix) VALUES ($1, $2, $3, $4)', [
        'old-key', 'grace', createHash('sha256').update(apiKey).digest('hex'), apiKey.slice(0, 12),
      ]);
      expect(await store.authenticate(apiKey)).toEqual({ userId: 'grace', keyId: 'old-key', scopes: ['read', 'write', 'sip'], projectId: null });
    });
  }
});
