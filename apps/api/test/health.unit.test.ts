import { describe, expect, it } from 'vitest';
import { runHealthChecks, type HealthChecks } from '../src/index.js';
import { call, startApp } from './helpers.js';

async function health(checks: HealthChecks, extra: Parameters<typeof startApp>[0] = {}) {
  const app = await startApp({ healthChecks: checks, ...extra });
  try {
    return await call(`${app.url}/api/v1/health`);
  } finally {
    await app.close();
  }
}

const ok = async () => ({ status: 'ok' as const });

describe('GET /api/v1/health', () => {
  it('answers 200 without a key when every check is ok', async () => {
    expect(await health({ event_store: ok, queue: ok, projections: async () => ({ status: 'ok', lag: 0 }) })).toMatchObject({
      status: 200,
      body: { status: 'ok', version: '0.1.0', checks: { event_store: { status: 'ok' }, queue: { status: 'ok' }, projections: { status: 'ok', lag: 0 } } },
    });
  });

  it('stays 200 but says degraded when a check is degraded', async () => {
    expect(await health({ event_store: ok, projections: async () => ({ status: 'degraded', detail: 'catching up', lag: 1200 }) })).toMatchObject({
      status: 200,
      body: { status: 'degraded', checks: { projections: { status: 'degraded', detail: 'catching up', lag: 1200 } } },
    });
  });

  it('answers 503 with the same body when a check is down or throws', async () => {
    const response = await health({
      event_store: ok,
      queue: async () => ({ status: 'down', detail: 'redis unreachable' }),
      projections: async () => {
        throw new Error('checkpoint table missing');
      },
    });
    expect(response).toMatchObject({
      status: 503,
      body: {
        status: 'down',
        version: '0.1.0',
        checks: {
          event_store: { status: 'ok' },
          queue: { status: 'down', detail: 'redis unreachable' },
          projections: { status: 'down', detail: 'checkpoint table missing' },
        },
      },
    });
  });

  it('counts a check that hangs as down once its timeout passes', async () => {
    const started = Date.now();
    const response = await health({ queue: () => new Promise(() => undefined) }, { healthCheckTimeoutMs: 100 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response).toMatchObject({ status: 503, body: { checks: { queue: { status: 'down', detail: 'timed out after 100 ms' } } } });
  });

  describe('with a database', () => {
    // The check only runs SELECT 1; the key-store suite exercises real databases.
    const db = { query: async <R>() => ({ rows: [] as R[], rowCount: 1 }) };

    it('checks it by default', async () => {
      expect(await health({}, { db })).toMatchObject({ status: 200, body: { checks: { database: { status: 'ok' } } } });
    });

    it('reports it down when queries fail', async () => {
      const broken = { query: async () => Promise.reject(new Error('connection refused')) };
      expect(await health({}, { db: broken })).toMatchObject({ status: 503, body: { checks: { database: { status: 'down', detail: 'connection refused' } } } });
    });
  });
});

describe('runHealthChecks', () => {
  it('runs checks in parallel and passes an abort signal that fires on timeout', async () => {
    let aborted = false;
    const report = await runHealthChecks(
      {
        queue: (signal) =>
          new Promise((resolve) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve({ status: 'ok' });
            });
          }),
      },
      50,
    );
    expect(report.status).toBe('down');
    expect(aborted).toBe(true);
  });

  it('is ok with no checks at all', async () => {
    expect(await runHealthChecks({})).toEqual({ status: 'ok', checks: {} });
  });
});
