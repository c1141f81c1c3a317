import { createHash } from 'node:crypto';
import { createPostgresDb, type Db } from '@memctx/db';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbApiKeyStore, migrateApiKeys } from '../src/index.js';
import { demoRoutes } from './demo-routes.js';
import { ADMIN_TOKEN, bearer, call, startApp, type RunningApp } from './helpers.js';

let database: TestDatabase;
let db: Db;
let app: RunningApp;
const admin = bearer(ADMIN_TOKEN);

beforeAll(async () => {
  database = await createTestDatabase('api_auth');
  db = createPostgresDb({ connectionString: database.url });
  await migrateApiKeys(db);
  app = await startApp({ keyStore: createDbApiKeyStore(db), routes: [demoRoutes], env: { MEMCTX_ADMIN_TOKEN: ADMIN_TOKEN } });
});
afterAll(async () => {
  await app.close();
  await db.close();
  await database.drop();
});

async function createKey(userId: string) {
  const response = await call(`${app.url}/admin/v1/api-keys`, { method: 'POST', headers: admin, json: { user_id: userId } });
  expect(response.status).toBe(201);
  return response.body as { id: string; user_id: string; api_key: string; created_at: string };
}

describe('API key authentication', () => {
  const whoami = (headers?: Record<string, string>) => call(`${app.url}/api/v1/whoami`, { headers });

  it('lets a valid key through and names the caller', async () => {
    const key = await createKey('alice');
    expect(await whoami(bearer(key.api_key))).toMatchObject({ status: 200, body: { user_id: 'alice', key_id: key.id } });
    expect(await whoami({ authorization: `bearer ${key.api_key}` })).toMatchObject({ status: 200 });
  });

  it.each([
    ['no header', undefined, 'Not authenticated'],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }, 'Invalid authentication credentials'],
    ['a scheme without a token', { authorization: 'Bearer' }, 'Invalid authentication credentials'],
    ['a malformed key', { authorization: 'Bearer not-a-key' }, 'Invalid or revoked API key'],
    ['an unknown key', { authorization: `Bearer mcx_${'x'.repeat(43)}` }, 'Invalid or revoked API key'],
  ])('answers 401 with WWW-Authenticate for %s', async (_case, headers, detail) => {
    const response = await whoami(headers);
    expect(response).toMatchObject({ status: 401, body: { detail } });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('rejects a revoked key on the very next request', async () => {
    const key = await createKey('bob');
    expect((await whoami(bearer(key.api_key))).status).toBe(200);
    expect((await call(`${app.url}/admin/v1/api-keys/${key.id}`, { method: 'DELETE', headers: admin })).status).toBe(204);
    const response = await whoami(bearer(key.api_key));
    expect(response).toMatchObject({ status: 401, body: { detail: 'Invalid or revoked API key' } });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('keeps the key out of the logs and names the caller in the request line', async () => {
    const key = await createKey('grace');
    await whoami({ ...bearer(key.api_key), 'X-Request-Id': 'who-1' });
    await expect.poll(() => app.logs.find((entry) => entry.request_id === 'who-1' && entry.msg === 'request completed')).toMatchObject({
      user_id: 'grace',
      key_id: key.id,
      req: { headers: { authorization: '[REDACTED]' } },
    });
    expect(JSON.stringify(app.logs)).not.toContain(key.api_key);
  });

  it('checks the key before validating the request', async () => {
    expect((await call(`${app.url}/api/v1/whoami?x=1`)).status).toBe(401);
  });

  it('leaves health and the connector listing open', async () => {
    expect((await call(`${app.url}/api/v1/health`)).status).toBe(200);
    expect((await call(`${app.url}/api/v1/connectors`)).status).toBe(200);
  });

  it('stores the key only as its SHA-256', async () => {
    const key = await createKey('carol');
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [key.id]);
    expect(rows[0]).toMatchObject({ user_id: 'carol', key_hash: createHash('sha256').update(key.api_key).digest('hex') });
    expect(JSON.stringify(rows[0])).not.toContain(key.api_key.slice(12));
  });
});

describe('admin API', () => {
  it('creates a key: 201 with id, user_id, api_key, its scopes and project (all, none by default), created_at', async () => {
    const key = await createKey('dave');
    expect(Object.keys(key).sort()).toEqual(['api_key', 'created_at', 'id', 'project_id', 'scopes', 'user_id']);
    expect(key).toMatchObject({ scopes: ['read', 'write', 'sip'], project_id: null });
    expect(key.user_id).toBe('dave');
    expect(new Date(key.created_at).toISOString()).toBe(key.created_at);
  });

  it('lists keys without secrets, filtered by user', async () => {
    const first = await createKey('erin');
    const second = await createKey('erin');
    await call(`${app.url}/admin/v1/api-keys/${first.id}`, { method: 'DELETE', headers: admin });
    const response = await call(`${app.url}/admin/v1/api-keys?user_id=erin`, { headers: admin });
    expect(response.status).toBe(200);
    expect(response.body.keys).toEqual([
      { id: first.id, user_id: 'erin', prefix: first.api_key.slice(0, 12), scopes: ['read', 'write', 'sip'], project_id: null, created_at: first.created_at, revoked_at: expect.any(String) },
      { id: second.id, user_id: 'erin', prefix: second.api_key.slice(0, 12), scopes: ['read', 'write', 'sip'], project_id: null, created_at: second.created_at, revoked_at: null },
    ]);
    expect(JSON.stringify(response.body)).not.toContain(first.api_key);
    const all = await call(`${app.url}/admin/v1/api-keys`, { headers: admin });
    expect(all.body.keys.length).toBeGreaterThan(2);
  });

  it('answers 404 when revoking an unknown key', async () => {
    expect(await call(`${app.url}/admin/v1/api-keys/nope`, { method: 'DELETE', headers: admin })).toMatchObject({
      status: 404,
      body: { detail: 'API key not found' },
    });
  });

  it('validates the body with the 422 shape', async () => {
    expect(await call(`${app.url}/admin/v1/api-keys`, { method: 'POST', headers: admin, json: {} })).toMatchObject({
      status: 422,
      body: { detail: [{ type: 'missing', loc: ['body', 'user_id'], msg: 'Field required', input: {} }] },
    });
  });

  it('answers 401 to a missing or wrong admin token, and to a user API key', async () => {
    const userKey = await createKey('frank');
    for (const headers of [undefined, bearer('wrong-token-wrong-token'), bearer(userKey.api_key)]) {
      const response = await call(`${app.url}/admin/v1/api-keys`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('does not exist without an admin token: every /admin route answers 404', async () => {
    const closed = await startApp({ keyStore: createDbApiKeyStore(db) });
    try {
      for (const [method, path] of [
        ['POST', '/admin/v1/api-keys'],
        ['GET', '/admin/v1/api-keys'],
        ['DELETE', '/admin/v1/api-keys/x'],
        ['GET', '/admin/anything'],
      ] as const) {
        const response = await call(`${closed.url}${path}`, { method, headers: admin, ...(method === 'POST' ? { json: { user_id: 'x' } } : {}) });
        expect(response, `${method} ${path}`).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
      }
    } finally {
      await closed.close();
    }
  });
});
