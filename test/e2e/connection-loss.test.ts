import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@memctx/db';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';
import { killAndWait } from './processes.js';

// The compiled service, as deployed: PostgreSQL ending every one of its sessions (a restart, an
// idle-in-transaction timeout, an operator's pg_terminate_backend) must not end the process.
const MAIN = resolve(import.meta.dirname, '../../apps/api/dist/main.js');

const freePort = () =>
  new Promise<number>((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe('the service when PostgreSQL terminates its connections', () => {
  let database: TestDatabase;
  let admin: Db;
  let child: ChildProcess;
  let url: string;
  let stderr = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('connloss_e2e');
    admin = createPostgresDb({ connectionString: database.url, applicationName: 'memctx-test-admin' });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', MEMCTX_DATABASE_URL: database.url,
        MEMCTX_EMBEDDINGS: 'off', MEMCTX_LOG_LEVEL: 'warn', MEMCTX_ADMIN_TOKEN: 'connection-loss-admin-token',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => (exit = { code, signal }));
    for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 250))) {
      if ((await fetch(`${url}/api/v1/health`).catch(() => undefined))?.status === 200) break;
      if (exit || Date.now() > deadline) throw new Error(`the service did not become healthy: ${stderr}`);
    }
  }, 90_000);
  afterAll(async () => {
    await killAndWait(child, 'SIGTERM');
    await admin.close();
    await database.drop();
  });

  it('keeps running, and serves again once the pool reconnects', async () => {
    // The projector's LISTEN connection is always checked out; the old code had no listener on it.
    const { rows } = await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'memctx'",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { pid } of rows) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(exit, `the service exited: ${stderr}`).toBeUndefined();
    await expect.poll(async () => (await fetch(`${url}/api/v1/health`)).status, { timeout: 10_000, interval: 250 }).toBe(200);
    // The LISTEN channel was opened again for the feed's subscribers.
    await expect.poll(async () => (await admin.query(
      "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'memctx' AND query LIKE 'LISTEN%'",
    )).rows.length, { timeout: 10_000, interval: 250 }).toBe(1);
    expect(exit).toBeUndefined();
  });
});
