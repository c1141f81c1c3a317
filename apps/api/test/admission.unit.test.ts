import { defineEndpoint } from '@memctx/contracts';
import { OverloadedError } from '@memctx/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteModule } from '../src/index.js';
import { call, startApp, type RunningApp } from './helpers.js';

// Requests reach the server in their own time on a loaded machine; the poll waits for them, not the assertion's default second.
const ARRIVED = { timeout: 20_000 };

const holdEndpoint = defineEndpoint({
  method: 'get',
  path: '/api/v1/hold',
  operationId: 'hold',
  summary: 'Answers once the test lets it',
  tags: ['test'],
  security: 'none',
  request: {},
  response: { status: 200, description: 'Released.', schema: z.object({ ok: z.boolean() }) },
  errors: [],
});

const commitQueueFullEndpoint = defineEndpoint({
  method: 'get',
  path: '/api/v1/commit-queue-full',
  operationId: 'commitQueueFull',
  summary: 'Fails as an append refused by a full group commit does',
  tags: ['test'],
  security: 'none',
  request: {},
  response: { status: 200, description: 'Never.', schema: z.object({}) },
  errors: [],
});

/** Requests to /hold wait until `release()`; `held` says how many are waiting. */
function holdingRoutes() {
  let waiting: Array<() => void> = [];
  const routes: RouteModule = (r) => {
    r.endpoint(holdEndpoint, () => new Promise((resolve) => waiting.push(() => resolve({ ok: true }))));
    r.endpoint(commitQueueFullEndpoint, () => {
      throw new OverloadedError('commit_queue', 'The group commit has 1024 appends waiting');
    });
  };
  return {
    routes,
    held: () => waiting.length,
    release() {
      for (const done of waiting) done();
      waiting = [];
    },
  };
}

/** A series' value on the app's /metrics (NaN when it is not there). */
const metric = async (url: string, series: string) => {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
};
const shedTotal = async (url: string, bound: string) => {
  const value = await metric(url, `memctx_http_shed_total{bound="${bound}"}`);
  return Number.isNaN(value) ? 0 : value;
};
const waitingGauge = (url: string) => metric(url, 'memctx_http_waiting');

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** The app with `routes` and these settings; closed after the test. */
async function start(routes: RouteModule, env: Record<string, string> = {}): Promise<RunningApp> {
  running = await startApp({ routes: [routes], env });
  return running;
}

/** One slot (`MEMCTX_MAX_IN_FLIGHT=1`), requests past it waiting up to `waitMs`, and a request holding the slot. */
async function oneSlotHeld(waitMs: number) {
  const hold = holdingRoutes();
  const app = await start(hold.routes, { MEMCTX_MAX_IN_FLIGHT: '1', MEMCTX_ADMISSION_WAIT_MS: String(waitMs) });
  const held = call(`${app.url}/api/v1/hold`);
  await expect.poll(hold.held, ARRIVED).toBe(1);
  return { hold, app, held };
}

describe('load shedding', () => {
  it('given the bound of requests in flight reached, answers the next 503 with Retry-After in the error shape, and serves health meanwhile', async () => {
    const hold = holdingRoutes();
    const app = await start(hold.routes, { MEMCTX_MAX_IN_FLIGHT: '2' });
    const first = [call(`${app.url}/api/v1/hold`), call(`${app.url}/api/v1/hold`)];
    await expect.poll(hold.held, ARRIVED).toBe(2);

    const shed = await call(`${app.url}/api/v1/hold`, { headers: { 'X-Request-Id': 'shed-1' } });
    expect(shed).toMatchObject({ status: 503, body: { detail: 'The server is at capacity; retry after 1 s' } });
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.headers.get('x-request-id')).toBe('shed-1');
    expect((await call(`${app.url}/api/v1/health`)).status).toBe(200);
    expect(await shedTotal(app.url, 'in_flight')).toBe(1);

    hold.release();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    // The slots are given back: the next request is served.
    const again = call(`${app.url}/api/v1/hold`);
    await expect.poll(hold.held, ARRIVED).toBe(1);
    hold.release();
    expect((await again).status).toBe(200);
  });

  it('sums shedding up in one log line instead of a line per shed request', async () => {
    const hold = holdingRoutes();
    const app = await start(hold.routes, { MEMCTX_MAX_IN_FLIGHT: '1' });
    const held = call(`${app.url}/api/v1/hold`);
    await expect.poll(hold.held, ARRIVED).toBe(1);
    const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await call(`${app.url}/api/v1/hold`)).status));
    hold.release();
    await held;

    expect(statuses).toEqual(Array(20).fill(503));
    expect(app.logs.filter((line) => line.msg === 'overloaded: requests answered 503')).toHaveLength(1);
    expect(app.logs.filter((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 503)).toEqual([]);
  });

  it('given load within the bound, sheds nothing', async () => {
    const hold = holdingRoutes();
    const app = await start(hold.routes, { MEMCTX_MAX_IN_FLIGHT: '8' });
    for (let round = 0; round < 5; round++) {
      const requests = Array.from({ length: 8 }, () => call(`${app.url}/api/v1/hold`));
      await expect.poll(hold.held, ARRIVED).toBe(8);
      hold.release();
      expect((await Promise.all(requests)).map((r) => r.status)).toEqual(Array(8).fill(200));
    }
    expect(await shedTotal(app.url, 'in_flight')).toBe(0);
  });

  it('gives the slot of a client that went away back', async () => {
    const hold = holdingRoutes();
    const app = await start(hold.routes, { MEMCTX_MAX_IN_FLIGHT: '1' });
    const gone = new AbortController();
    const abandoned = fetch(`${app.url}/api/v1/hold`, { signal: gone.signal }).catch(() => 'aborted');
    await expect.poll(hold.held, ARRIVED).toBe(1);
    gone.abort();
    expect(await abandoned).toBe('aborted');

    const next = call(`${app.url}/api/v1/hold`);
    await expect.poll(hold.held, ARRIVED).toBe(2);
    hold.release();
    expect((await next).status).toBe(200);
  });

  it('answers an append refused by a full group-commit queue 503 with Retry-After, not 500', async () => {
    const app = await start(holdingRoutes().routes);
    const response = await call(`${app.url}/api/v1/commit-queue-full`);
    expect(response).toMatchObject({ status: 503, body: { detail: 'The server is at capacity; retry after 1 s' } });
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await shedTotal(app.url, 'commit_queue')).toBe(1);
  });

  it('given MEMCTX_ADMISSION_WAIT_MS, a request past the bound waits for a slot and is served when one frees', async () => {
    const hold = holdingRoutes();
    const app = await start(hold.routes, { MEMCTX_MAX_IN_FLIGHT: '2', MEMCTX_ADMISSION_WAIT_MS: '20000' });
    const first = [call(`${app.url}/api/v1/hold`), call(`${app.url}/api/v1/hold`)];
    await expect.poll(hold.held, ARRIVED).toBe(2);
    const queued = [call(`${app.url}/api/v1/hold`), call(`${app.url}/api/v1/hold`)];
    await expect.poll(() => waitingGauge(app.url), ARRIVED).toBe(2);
    // Waiting, not worked on: the handler has not seen them.
    expect(hold.held()).toBe(2);

    hold.release();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    await expect.poll(hold.held, ARRIVED).toBe(2);
    hold.release();
    expect((await Promise.all(queued)).map((r) => r.status)).toEqual([200, 200]);
    expect(await shedTotal(app.url, 'in_flight')).toBe(0);
  });

  it('given MEMCTX_ADMISSION_WAIT_MS, sheds a request whose wait for a slot is up: 503 with Retry-After, and the slot holders are still served', async () => {
    const { hold, app, held } = await oneSlotHeld(200);
    const asked = performance.now();
    const shed = await call(`${app.url}/api/v1/hold`);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(190);
    expect(shed).toMatchObject({ status: 503, body: { detail: 'The server is at capacity; retry after 1 s' } });
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(await shedTotal(app.url, 'in_flight')).toBe(1);
    expect(await waitingGauge(app.url)).toBe(0);
    hold.release();
    expect((await held).status).toBe(200);
  });

  it('given MEMCTX_ADMISSION_WAIT_MS, once the oldest has waited half of it, serves the newest first and sheds the oldest when its time is up', async () => {
    const { hold, app, held } = await oneSlotHeld(2_000);
    const oldest = call(`${app.url}/api/v1/hold`);
    await expect.poll(() => waitingGauge(app.url), ARRIVED).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const newest = call(`${app.url}/api/v1/hold`);
    await expect.poll(() => waitingGauge(app.url), ARRIVED).toBe(2);

    hold.release();
    expect((await held).status).toBe(200);
    // The newest took the slot; the oldest waits on until its 2 s are up, and is shed.
    await expect.poll(hold.held, ARRIVED).toBe(1);
    expect((await oldest).status).toBe(503);
    hold.release();
    expect((await newest).status).toBe(200);
  });

  it('given MEMCTX_ADMISSION_WAIT_MS, sheds at once past the requests that may wait (four per slot), and a waiting client that goes away gives up its place', async () => {
    const { hold, app, held } = await oneSlotHeld(20_000);
    const queued = Array.from({ length: 3 }, () => call(`${app.url}/api/v1/hold`));
    const gone = new AbortController();
    const abandoned = fetch(`${app.url}/api/v1/hold`, { signal: gone.signal }).catch(() => 'aborted');
    await expect.poll(() => waitingGauge(app.url), ARRIVED).toBe(4);
    expect((await call(`${app.url}/api/v1/hold`)).status).toBe(503);

    gone.abort();
    expect(await abandoned).toBe('aborted');
    await expect.poll(() => waitingGauge(app.url), ARRIVED).toBe(3);
    for (let served = 0; served < 4; served++) {
      await expect.poll(hold.held, ARRIVED).toBe(1);
      hold.release();
    }
    expect((await held).status).toBe(200);
    expect((await Promise.all(queued)).map((r) => r.status)).toEqual(Array(3).fill(200));
    expect(hold.held()).toBe(0);
  });

  it('given MEMCTX_MAX_IN_FLIGHT=0, bounds nothing', async () => {
    const hold = holdingRoutes();
    const app = await start(hold.routes, { MEMCTX_MAX_IN_FLIGHT: '0' });
    const requests = Array.from({ length: 100 }, () => call(`${app.url}/api/v1/hold`));
    await expect.poll(hold.held, ARRIVED).toBe(100);
    hold.release();
    expect(new Set((await Promise.all(requests)).map((r) => r.status))).toEqual(new Set([200]));
  });

  it('given MEMCTX_SHED_QUEUE_MS, sheds a request a proxy stamped as having waited longer, and serves one stamped within it or unstamped', async () => {
    const app = await start(holdingRoutes().routes, { MEMCTX_SHED_QUEUE_MS: '500' });
    const stamped = (waitedMs: number) => ({ headers: { 'X-Request-Start': `t=${Date.now() - waitedMs}` } });

    const late = await call(`${app.url}/api/v1/commit-queue-full`, stamped(5_000));
    expect(late).toMatchObject({ status: 503, body: { detail: 'The server is at capacity; retry after 1 s' } });
    expect(late.headers.get('retry-after')).toBe('1');
    expect(await shedTotal(app.url, 'queue_wait')).toBe(1);
    // Within the bound, or with no stamp, the request is worked on (this route then refuses it as a full commit queue).
    expect(await shedTotal(app.url, 'commit_queue')).toBe(0);
    await call(`${app.url}/api/v1/commit-queue-full`, stamped(0));
    await call(`${app.url}/api/v1/commit-queue-full`);
    expect(await shedTotal(app.url, 'commit_queue')).toBe(2);
    expect(await shedTotal(app.url, 'queue_wait')).toBe(1);
    // Health is never shed, however long it waited.
    expect((await call(`${app.url}/api/v1/health`, stamped(5_000))).status).toBe(200);
  });

  it('without MEMCTX_SHED_QUEUE_MS, ignores the stamp', async () => {
    const app = await start(holdingRoutes().routes);
    await call(`${app.url}/api/v1/commit-queue-full`, { headers: { 'X-Request-Start': `t=${Date.now() - 60_000}` } });
    expect(await shedTotal(app.url, 'queue_wait')).toBe(0);
    expect(await shedTotal(app.url, 'commit_queue')).toBe(1);
  });
});
