import { createLogger, loadConfig } from '@memctx/shared';
import { startServer, type RunningServer } from '@memctx/api';
import { createPostgresDb } from '@memctx/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type Client, type TestServer } from './server.js';
import { until } from './processes.js';

/*
 * Each process caches stream state for its commands. Here other processes
 * move a stream on behind that cache: another API replica on the same
 * database, and the worker's purge.
 */

/** Another process on the same database, with its own command cache. */
async function startReplica(databaseUrl: string, env: Record<string, string>): Promise<RunningServer> {
  const config = loadConfig({ MEMCTX_DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', MEMCTX_ADMIN_TOKEN: ADMIN_TOKEN, MEMCTX_LOG_LEVEL: 'silent', ...env });
  return startServer(config, createLogger(config));
}

/** The same user's key against another process. */
function via(url: string, client: Client) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${client.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

const round = (session_id: string, n: number) => ({ session_id, user_message: `question ${n}`, assistant_message: `answer ${n}` });

describe('a delete on one API replica and a restore on another', () => {
  let server: TestServer;
  let replica: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ MEMCTX_EMBEDDINGS: 'off' });
    replica = await startReplica(server.databaseUrl, { MEMCTX_ROLES: 'api', MEMCTX_EMBEDDINGS: 'off' });
  });
  afterAll(async () => {
    await replica.stop();
    await server.stop();
  });

  it('restores the session (200, active) and takes rounds on either replica afterwards', async () => {
    const alice = await server.newUser('alice');
    const other = via(replica.url!, alice);
    expect((await alice.call('POST', '/api/v1/memory/ingest', round('trip', 1))).status).toBe(200);
    expect((await other('POST', '/api/v1/memory/ingest', round('trip', 2))).status).toBe(200);
    expect((await other('DELETE', '/api/v1/sessions/trip')).status).toBe(204);
    // The first process last saw the session active.
    const restored = await alice.call('POST', '/api/v1/sessions/trip/restore');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: 'trip', message_count: 4 });
    // The replica last saw it deleted.
    expect((await other('POST', '/api/v1/memory/ingest', round('trip', 3))).status).toBe(200);
    // Read-your-writes is per process; the replica's last round shows up when the projector has it.
    await until(async () => (await alice.call('GET', '/api/v1/sessions/trip/messages')).body.total === 6, 10_000, 'three rounds in the session');
  });
});

describe('a purge by the worker process', () => {
  let server: TestServer;
  let worker: RunningServer;
  beforeAll(async () => {
    // The API process (with the projector the purge's query reads) deletes with a one-second window.
    server = await startTestServer({ MEMCTX_ROLES: 'api,projector', MEMCTX_SESSION_RETENTION_SECONDS: '1', MEMCTX_EMBEDDINGS: 'off' });
    worker = await startReplica(server.databaseUrl, {
      MEMCTX_ROLES: 'worker', MEMCTX_SESSION_RETENTION_SECONDS: '1', MEMCTX_PURGE_INTERVAL_SECONDS: '1', MEMCTX_EMBEDDINGS: 'off',
    });
  });
  afterAll(async () => {
    await worker.stop();
    await server.stop();
  });

  it('lets the next round to the same session id through the API process that cached it, starting afresh', async () => {
    const alice = await server.newUser('alice');
    expect((await alice.call('POST', '/api/v1/memory/ingest', round('diary', 1))).status).toBe(200);
    expect((await alice.call('POST', '/api/v1/memory/ingest', round('diary', 2))).status).toBe(200);
    expect((await alice.call('DELETE', '/api/v1/sessions/diary')).status).toBe(204);
    const db = createPostgresDb({ connectionString: server.databaseUrl, maxConnections: 1 });
    try {
      await until(async () => (await db.query(`SELECT 1 FROM events WHERE type = 'SessionPurged' AND data->>'session_id' = 'diary'`)).rows.length > 0, 15_000, 'the worker to purge');
    } finally {
      await db.close();
    }
    const again = await alice.call('POST', '/api/v1/memory/ingest', round('diary', 3));
    expect(again.status).toBe(200);
    const messages = await alice.call('GET', '/api/v1/sessions/diary/messages');
    expect(messages.status).toBe(200);
    expect(messages.body.messages.map((m: { content: string }) => m.content)).toEqual(['question 3', 'answer 3']);
  });
});
