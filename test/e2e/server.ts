import { createLogger, loadConfig } from '@memctx/shared';
import { startServer, type RunningServer } from '@memctx/api';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';

export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';

export interface TestServer {
  url: string;
  databaseUrl: string;
  running: RunningServer;
  /** A fresh user with an API key from the admin API. */
  newUser(prefix?: string): Promise<Client>;
  stop(): Promise<void>;
}

// Black-box tests read whatever JSON the server sends; assertions check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface Client {
  userId: string;
  key: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Json; headers: Headers }>;
}

let users = 0;

/**
 * The real server (API, projector and worker in one process) on a fresh PostgreSQL database; with
 * MEMCTX_DATA_DIR in `env`, the embedded mode's PGlite under that directory instead (`databaseUrl` is empty).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database: TestDatabase | undefined = env.MEMCTX_DATA_DIR ? undefined : await createTestDatabase('e2e');
  const config = loadConfig({
    MEMCTX_DATABASE_URL: database?.url,
    PORT: '0',
    HOST: '127.0.0.1',
    MEMCTX_ADMIN_TOKEN: ADMIN_TOKEN,
    MEMCTX_LOG_LEVEL: 'silent',
    // Tests assert what a client reads after its own writes; on a loaded 2-core CI machine the projector can
    // trail by more than the 2 s default, and a stale (X-Memctx-Stale) read would fail them for the machine's sake.
    MEMCTX_READ_YOUR_WRITES_TIMEOUT_MS: '15000',
    ...env,
  });
  const running = await startServer(config, createLogger(config));
  const url = running.url!;

  const request = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as Json, headers: response.headers };
  };

  return {
    url,
    databaseUrl: database?.url ?? '',
    running,
    async newUser(prefix = 'user') {
      const userId = `${prefix}-${process.pid}-${++users}-${Math.random().toString(36).slice(2, 8)}`;
      const created = await request('POST', '/admin/v1/api-keys', { user_id: userId }, { authorization: `Bearer ${ADMIN_TOKEN}` });
      if (created.status !== 201) throw new Error(`could not create a key: ${created.status} ${JSON.stringify(created.body)}`);
      const key = created.body.api_key as string;
      return {
        userId,
        key,
        call: (method, path, body, headers = {}) => request(method, path, body, { authorization: `Bearer ${key}`, ...headers }),
      };
    },
    async stop() {
      await running.stop();
      await database?.drop();
    },
  };
}

/**
 * Waits until every posted round is embedded, so a test reads one state of the service (the answerability model
 * weighs similarity once records have vectors, and only their words before).
 */
export async function embeddingsCaughtUp(url: string, timeoutMs = 120_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const health = (await (await fetch(`${url}/api/v1/health`)).json()) as { checks?: Record<string, { lag?: number }> };
    // A round the projector has not read yet is no record waiting for an embedding: both lags must be 0.
    if ((health.checks?.projections?.lag ?? 0) === 0 && (health.checks?.embeddings?.lag ?? 0) === 0) return;
  }
  throw new Error(`embeddings did not catch up within ${timeoutMs} ms`);
}
