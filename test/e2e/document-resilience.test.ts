import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, createServer as createNetServer } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { testRedisUrl } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './server.js';

/*
 * The document pipeline under failure: a worker process killed with SIGKILL in
 * the middle of a job, and Redis stopped while a document is being requested.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const KEY = 'ab'.repeat(32);
const page = `<html><head><title>Runbook</title></head><body><article><h1>Runbook</h1>${'<p>Restart the ingest worker when the queue backs up; check Redis first.</p>'.repeat(40)}</article></body></html>`;

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

const exited = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));

async function sourceOf(client: Client, projectId: string) {
  return (await client.call('GET', `/api/v1/projects/${projectId}/sources`)).body as { total: number; sources: Array<{ id: string; ingest_status: string; chunk_count: number }> };
}

describe('a worker killed mid-job', () => {
  let server: TestServer;
  let site: Server;
  let url: string;
  let requests = 0;
  let release: (() => void) | undefined;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    // The first fetch hangs until the worker that made it is dead; later fetches answer at once.
    site = createServer((_req, res) => {
      requests++;
      const answer = () => res.writeHead(200, { 'content-type': 'text/html' }).end(page);
      if (requests === 1) release = answer;
      else answer();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/runbook`;
    const shared = {
      REDIS_URL: await testRedisUrl(),
      MEMCTX_QUEUE_NAME: `e2e-worker-crash-${process.pid}-${Date.now()}`,
      MEMCTX_CREDENTIALS_KEY: KEY,
      MEMCTX_WEB_CONNECTOR_ALLOW_PRIVATE: '1',
      MEMCTX_JOB_LOCK_MS: '2000',
    };
    server = await startTestServer({ ...shared, MEMCTX_ROLES: 'api,projector', MEMCTX_CONNECTOR_INGEST_WAIT_MS: '300' });
    const startWorker = () => {
      const child = spawn(process.execPath, ['--conditions=@memctx/source', '--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...shared, MEMCTX_DATABASE_URL: server.databaseUrl, MEMCTX_ROLES: 'worker', MEMCTX_LOG_LEVEL: 'error', MEMCTX_EMBEDDINGS: 'off' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      workers.push(child);
      return child;
    };
    (globalThis as { startWorker?: () => ChildProcess }).startWorker = startWorker;
  });
  afterAll(async () => {
    release?.();
    for (const child of workers) child.kill('SIGKILL');
    await server?.stop();
    await new Promise<void>((r) => site.close(() => r()));
  });

  it('is retried by another worker: one source, its chunks stored once', async () => {
    const startWorker = (globalThis as { startWorker?: () => ChildProcess }).startWorker!;
    const alice = await server.newUser('crash');
    const projectId = (await alice.call('POST', '/api/v1/projects', { name: 'Ops' })).body.id;
    await alice.call('POST', '/api/v1/memory/ingest', { session_id: 'ops', project_id: projectId, user_message: 'ops notes', assistant_message: 'ok' });

    const first = startWorker();
    const accepted = await alice.call('POST', '/api/v1/connectors/web/ingest', { credentials: {}, external_id: url, session_id: 'ops' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'pending', chunks_stored: 0 });
    await until(async () => requests >= 1, 30_000, 'the first worker to start fetching');
    first.kill('SIGKILL');
    await exited(first);
    expect((await sourceOf(alice, projectId)).sources[0]!.ingest_status).toBe('pending');

    startWorker();
    await until(async () => (await sourceOf(alice, projectId)).sources[0]?.ingest_status === 'ingested', 60_000, 'the retried job');
    const { total, sources } = await sourceOf(alice, projectId);
    expect(total).toBe(1);
    expect(requests).toBeGreaterThanOrEqual(2);
    // The source's status and its chunks are two read models, each projected on its own: the chunks may land a moment later.
    const stored = async () => (await alice.call('GET', `/api/v1/dashboard/provenance?project_id=${projectId}`)).body.provenance.DOCUMENT_VERIFIED as number;
    await until(async () => (await stored()) >= sources[0]!.chunk_count, 10_000, 'the chunks projected');
    const records = await stored();
    expect(records).toBe(sources[0]!.chunk_count);
    expect(records).toBeGreaterThan(0);
    // Its own waits add up to 90 s (a worker started from source on a loaded machine, then the retried job): the default 60 s cut it short.
  }, 150_000);
});

describe('Redis stopped while a document is requested', () => {
  let redis: ChildProcess | undefined;
  let port = 0;
  let server: TestServer;
  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const listening = () =>
      new Promise<boolean>((r) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.end();
          r(true);
        });
        socket.on('error', () => r(false));
      });
    await until(listening, 10_000, 'redis-server to listen');
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    const root = mkdtempSync(join(tmpdir(), 'memctx-outage-'));
    writeFileSync(join(root, 'drill.md'), '# Outage drill\n\nWhen Redis stops, requests wait in the event store and resume when it is back.\n');
    server = await startTestServer({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      MEMCTX_QUEUE_NAME: 'e2e-redis-outage',
      MEMCTX_FS_CONNECTOR_ROOT: root,
      MEMCTX_CONNECTOR_INGEST_WAIT_MS: '1500',
    });
  });
  afterAll(async () => {
    await server?.stop();
    redis?.kill('SIGKILL');
  });

  it('accepts the request durably, answers 202 pending, and stores the document once Redis is back', async () => {
    const alice = await server.newUser('outage');
    const projectId = (await alice.call('POST', '/api/v1/projects', { name: 'Outage' })).body.id;
    await alice.call('POST', '/api/v1/memory/ingest', { session_id: 'o', project_id: projectId, user_message: 'outage drill', assistant_message: 'ok' });

    redis!.kill('SIGTERM');
    await exited(redis!);

    const accepted = await alice.call('POST', '/api/v1/connectors/filesystem/ingest', { credentials: {}, external_id: 'drill.md', session_id: 'o' });
    expect(accepted.status).toBe(202);
    expect(accepted.body.status).toBe('pending');
    expect((await sourceOf(alice, projectId)).sources[0]).toMatchObject({ id: accepted.body.source_id, ingest_status: 'pending' });

    await startRedis();
    await until(async () => (await sourceOf(alice, projectId)).sources[0]?.ingest_status === 'ingested', 60_000, 'the document after Redis came back');
    expect((await sourceOf(alice, projectId)).sources[0]!.chunk_count).toBeGreaterThan(0);
  });
});
