import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAndWait } from '../e2e/processes.js';
import { postRounds, statusesBetween, type Answer, type Load } from './load.js';
import { createOwnCluster, type OwnCluster } from './postgres-cluster.js';
import { createApiKey, startRole, type RoleProcess } from './roles.js';
import { storedRounds } from './stored-rounds.js';

// PostgreSQL crashed and stopped under 16 clients posting rounds, the API and the projector as separate
// processes on a cluster of the test's own: nothing acknowledged is lost or stored twice, the outage answers
// 503 with Retry-After (never a 500, never a hang), and both processes serve again by themselves.
const CLIENTS = 16;
const STOP_SECONDS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outage {
  name: string;
  from: number;
  back: number;
}

/** Seconds from the dependency being back to the first acknowledgement that completed after it. */
function recoverySeconds(answers: readonly Answer[], back: number): number {
  const firstOk = Math.min(...answers.filter((a) => typeof a.status === 'number' && a.status < 300 && a.at + a.ms >= back).map((a) => a.at + a.ms));
  return (firstOk - back) / 1000;
}

describe('PostgreSQL crash-restart and stop under load', () => {
  let cluster: OwnCluster;
  const roles: RoleProcess[] = [];
  let api: RoleProcess;
  let projector: RoleProcess;

  beforeAll(async () => {
    cluster = await createOwnCluster(`memctx_faults_${process.pid}`, 5440 + (process.pid % 50));
    const env = { MEMCTX_DATABASE_URL: cluster.url };
    projector = await startRole('projector', env);
    api = await startRole('api', env);
    roles.push(projector, api);
  }, 180_000);

  afterAll(async () => {
    for (const role of roles) await killAndWait(role.child, 'SIGKILL');
    cluster?.drop();
  });

  it('loses nothing acknowledged, stores nothing twice, answers the outage with 503 and recovers within 2 s', async () => {
    const apiKey = await createApiKey(api.url, 'fault-user');
    const load: Load = postRounds({ url: api.url, apiKey, clients: CLIENTS, sessionPrefix: 'pg' });
    const now = () => performance.now() - load.started;
    const outages: Outage[] = [];
    const healthDuringStop: unknown[] = [];

    await sleep(3_000);
    let from = now();
    await cluster.crashRestart();
    outages.push({ name: 'crash restart (-m immediate)', from, back: now() });
    await sleep(3_000);

    from = now();
    await cluster.stop('fast');
    await sleep(1_000);
    const health = await fetch(`${api.url}/api/v1/health`, { signal: AbortSignal.timeout(5_000) });
    healthDuringStop.push({ http_status: health.status, ...((await health.json()) as object) });
    await sleep(STOP_SECONDS * 1000 - 1_000);
    await cluster.start();
    outages.push({ name: `stop for ${STOP_SECONDS} s`, from, back: now() });
    await sleep(3_000);
    await load.stop();

    const rounds = await storedRounds(cluster.url, load.acknowledged);
    try {
      // The projector catches up by itself: every stored round reaches the read model once.
      const caughtUp = await expect.poll(rounds.projected, { timeout: 30_000, interval: 500 }).toBe(rounds.stored).then(() => true, () => false);
      const report = outages.map((outage) => {
        const during = load.answers.filter((a) => a.at >= outage.from && a.at < outage.back);
        return {
          outage: outage.name,
          seconds: Number(((outage.back - outage.from) / 1000).toFixed(2)),
          statuses: statusesBetween(load.answers, outage.from, outage.back),
          slowest_answer_ms: Math.round(Math.max(0, ...during.map((a) => a.ms))),
          recovery_seconds: Number(recoverySeconds(load.answers, outage.back).toFixed(2)),
          unavailable_without_retry_after: during.filter((a) => a.status === 503 && !a.retryAfter).length,
        };
      });
      const summary = {
        acknowledged: load.acknowledged.length, stored: rounds.stored, lost: rounds.lost, duplicated: rounds.duplicated, projected: await rounds.projected(),
        statuses_overall: statusesBetween(load.answers, 0, Infinity), outages: report, health_during_stop: healthDuringStop,
      };
      process.stdout.write(`postgres faults: ${JSON.stringify(summary, null, 2)}\n`);

      expect(rounds.lost).toBe(0);
      expect(rounds.duplicated).toBe(0);
      expect(caughtUp).toBe(true);
      expect(load.acknowledged.length).toBeGreaterThan(100);
      for (const outage of report) {
        expect(Object.keys(outage.statuses).every((status) => /^2\d\d$/.test(status) || status === '503'), JSON.stringify(outage)).toBe(true);
        expect(outage.unavailable_without_retry_after).toBe(0);
        expect(outage.slowest_answer_ms).toBeLessThan(2_500);
        expect(outage.recovery_seconds).toBeLessThan(2);
      }
      expect(healthDuringStop[0]).toMatchObject({ http_status: 503, checks: { database: { status: 'down' } } });
      expect(api.exit()).toBeUndefined();
      expect(projector.exit()).toBeUndefined();
    } finally {
      await rounds.close();
    }
  }, 180_000);
});
