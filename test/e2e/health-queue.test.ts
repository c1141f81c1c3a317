import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '@memctx/testing';
import { startTestServer, type TestServer } from './server.js';

// The health endpoint's queue check asks Redis itself, so a wrong REDIS_URL shows as down.
describe('health: the queue check', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.stop())));
  const start = async (redisUrl: string) => {
    const server = await startTestServer({ REDIS_URL: redisUrl, MEMCTX_ROLES: 'api', MEMCTX_EMBEDDINGS: 'off' });
    servers.push(server);
    return server;
  };
  const health = async (server: TestServer) => {
    const response = await fetch(`${server.url}/api/v1/health`);
    return { status: response.status, body: (await response.json()) as { status: string; checks: { queue: { status: string; detail?: string } } } };
  };

  it('is ok when Redis answers PING', async () => {
    const server = await start(await testRedisUrl());
    await expect.poll(async () => (await health(server)).body.checks.queue, { timeout: 5_000 }).toEqual({ status: 'ok', detail: 'redis answered PING' });
  });

  it('is down, with the connection error, when nothing answers at REDIS_URL', async () => {
    const server = await start('redis://127.0.0.1:1');
    await expect.poll(async () => (await health(server)).body.checks.queue.detail, { timeout: 5_000 }).toMatch(/^Redis does not answer: .*ECONNREFUSED/);
    const { status, body } = await health(server);
    expect(status).toBe(503);
    expect(body.status).toBe('down');
    expect(body.checks.queue.status).toBe('down');
  });
});
