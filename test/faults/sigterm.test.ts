import { createTestDatabase, type TestDatabase } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAndWait } from '../e2e/processes.js';
import { postRounds, statusesBetween } from './load.js';
import { createApiKey, startRole, type RoleProcess } from './roles.js';
import { storedRounds } from './stored-rounds.js';

// A deploy stops every process with SIGTERM while clients keep posting over kept-alive connections: each
// stops within 10 s by itself, requests in flight are answered (or told 503 with Connection: close), and
// nothing acknowledged is lost. The clients then meet a closed port (ECONNREFUSED), as behind a balancer
// that has not yet taken the instance out.
const CLIENTS = 16;
const EXIT_LIMIT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function terminate(role: RoleProcess): Promise<{ seconds: number; code: number | null }> {
  const sent = performance.now();
  const exited = new Promise<number | null>((resolve) => role.child.once('exit', (code) => resolve(code)));
  role.child.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(EXIT_LIMIT_MS + 5_000).then(() => 'hung' as const)]);
  if (code === 'hung') await killAndWait(role.child, 'SIGKILL');
  return { seconds: Number(((performance.now() - sent) / 1000).toFixed(2)), code: code === 'hung' ? -1 : code };
}

describe('SIGTERM under load', () => {
  let database: TestDatabase;
  const roles: RoleProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sigterm');
    const env = { MEMCTX_DATABASE_URL: database.url };
    roles.push(await startRole('projector', env), await startRole('worker', env), await startRole('api', env));
  }, 180_000);

  afterAll(async () => {
    for (const role of roles) await killAndWait(role.child, 'SIGKILL');
    await database?.drop();
  });

  it('every role stops within 10 s; the API answers what it took and loses nothing acknowledged', async () => {
    const [projector, worker, api] = roles as [RoleProcess, RoleProcess, RoleProcess];
    const apiKey = await createApiKey(api.url, 'sigterm-user');
    const load = postRounds({ url: api.url, apiKey, clients: CLIENTS, sessionPrefix: 'term' });
    await sleep(5_000);
    const termAt = performance.now() - load.started;
    const apiStop = await terminate(api);
    await sleep(500);
    await load.stop();
    const [projectorStop, workerStop] = [await terminate(projector), await terminate(worker)];

    const rounds = await storedRounds(database.url, load.acknowledged);
    await rounds.close();
    const afterTerm = load.answers.filter((a) => a.at >= termAt);
    const summary = {
      acknowledged: load.acknowledged.length, stored: rounds.stored, lost: rounds.lost, duplicated: rounds.duplicated,
      api_exit: apiStop, projector_exit: projectorStop, worker_exit: workerStop,
      statuses_after_sigterm: statusesBetween(load.answers, termAt, Infinity),
      shutdown_503_without_connection_close: afterTerm.filter((a) => a.status === 503 && !a.closes).length,
    };
    process.stdout.write(`sigterm: ${JSON.stringify(summary, null, 2)}\n`);

    expect(rounds.lost).toBe(0);
    expect(rounds.duplicated).toBe(0);
    expect(load.acknowledged.length).toBeGreaterThan(0);
    for (const stop of [apiStop, projectorStop, workerStop]) {
      expect(stop.code).toBe(0);
      expect(stop.seconds).toBeLessThan(EXIT_LIMIT_MS / 1000);
    }
    // No socket cut under a request (ECONNRESET, UND_ERR_SOCKET): answered, told 503, or refused a new connection.
    expect(Object.keys(summary.statuses_after_sigterm).filter((status) => !/^(2\d\d|503|ECONNREFUSED)$/.test(status))).toEqual([]);
    expect(summary.shutdown_503_without_connection_close).toBe(0);
  }, 180_000);
});
