import { startProjectorRole } from '@memctx/projector';
import { startRelayRole } from '@memctx/relay';
import { startProcess, type RunningProcess } from '@memctx/runtime';
import { createLogger, loadConfig } from '@memctx/shared';
import { createTestDatabase, testKafkaBrokers, type TestDatabase } from '@memctx/testing';
import { startWorkerRole } from '@memctx/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each background role as its own process would run it (the apps' mains call startProcess the same way), on one database.
const METRICS_TOKEN = 'role-metrics-token-0123456789';
let database: TestDatabase;
const running: Record<string, RunningProcess> = {};

beforeAll(async () => {
  database = await createTestDatabase('roles');
  const brokers = (await testKafkaBrokers()).join(',');
  const env = {
    MEMCTX_DATABASE_URL: database.url, HOST: '127.0.0.1', MEMCTX_LOG_LEVEL: 'silent', MEMCTX_EMBEDDINGS: 'off',
    MEMCTX_KAFKA_BROKERS: brokers, MEMCTX_KAFKA_TOPIC: `memctx.roles.${process.pid}.${Date.now()}`, MEMCTX_KAFKA_PARTITIONS: '1',
  };
  const start = async (role: 'projector' | 'worker' | 'relay', extra: Record<string, string> = {}) => {
    const config = loadConfig({ ...env, MEMCTX_ROLES: role, ...extra });
    running[role] = await startProcess(config, createLogger(config), { projector: startProjectorRole, worker: startWorkerRole, relay: startRelayRole });
  };
  // The projector first: it creates the read models the others' checks read.
  await start('projector');
  await Promise.all([start('worker'), start('relay', { MEMCTX_METRICS_TOKEN: METRICS_TOKEN })]);
});

afterAll(async () => {
  await Promise.all(Object.values(running).map((process) => process.stop()));
  await database?.drop();
});

const get = (role: string, path: string, headers: Record<string, string> = {}) => fetch(`${running[role]!.opsUrl}${path}`, { headers });

describe('a role running apart', () => {
  it.each([
    ['projector', ['database', 'embeddings', 'event_store', 'projections']],
    ['worker', ['database', 'event_store', 'queue']],
    ['relay', ['database', 'event_store']],
  ])('%s serves /health with the checks of its role', async (role, checks) => {
    const response = await get(role, '/health');
    expect(response.status).toBe(200);
    const report = (await response.json()) as { status: string; checks: Record<string, { status: string }> };
    expect(report.status).toBe('ok');
    expect(Object.keys(report.checks).sort()).toEqual(checks);
  });

  it('serves its own metrics: projection lag from the projector, relay lag from the relay, Node defaults from each', async () => {
    const projector = await (await get('projector', '/metrics')).text();
    expect(projector).toMatch(/^memctx_projection_lag_events\{projection="sessions"\} \d+$/m);
    expect(projector).toMatch(/^process_cpu_user_seconds_total /m);
    const relay = await get('relay', '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(relay.status).toBe(200);
    expect(await relay.text()).toMatch(/^memctx_relay_lag_events \d+$/m);
    expect((await (await get('worker', '/metrics')).text())).toMatch(/^memctx_queue_depth\{queue="documents"\} 0$/m);
  });

  it('guards /metrics with MEMCTX_METRICS_TOKEN and answers 404 elsewhere', async () => {
    expect((await get('relay', '/metrics')).status).toBe(401);
    expect((await get('relay', '/metrics', { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    expect((await get('worker', '/api/v1/sessions')).status).toBe(404);
  });
});
