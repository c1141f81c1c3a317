import type { HealthCheckName, HealthCheckResult, HealthStatus } from '@memctx/contracts';
import type { Db } from '@memctx/db';

/** One dependency's health. The signal aborts when the check's time is up. */
export type HealthCheck = (signal: AbortSignal) => Promise<HealthCheckResult>;

export type HealthChecks = Partial<Record<HealthCheckName, HealthCheck>>;

export interface HealthReport {
  status: HealthStatus;
  checks: Record<string, HealthCheckResult>;
}

export const DEFAULT_HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** Runs one check; a throw or a timeout counts as down, so a hung dependency cannot hang the health endpoint. */
async function runCheck(check: HealthCheck, timeoutMs: number): Promise<HealthCheckResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthCheckResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ status: 'down', detail: `timed out after ${timeoutMs} ms` });
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      check(controller.signal).catch((error: unknown): HealthCheckResult => ({
        status: 'down',
        detail: error instanceof Error ? error.message : String(error),
      })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const overall = (results: HealthCheckResult[]): HealthStatus => {
  if (results.some((result) => result.status === 'down')) return 'down';
  if (results.some((result) => result.status === 'degraded')) return 'degraded';
  return 'ok';
};

/** Runs every check in parallel, each with its own timeout. */
export async function runHealthChecks(checks: HealthChecks, timeoutMs = DEFAULT_HEALTH_CHECK_TIMEOUT_MS): Promise<HealthReport> {
  const entries = Object.entries(checks).filter((entry): entry is [string, HealthCheck] => entry[1] !== undefined);
  const results = await Promise.all(entries.map(([, check]) => runCheck(check, timeoutMs)));
  return {
    status: overall(results),
    checks: Object.fromEntries(entries.map(([name], index) => [name, results[index] as HealthCheckResult])),
  };
}

/** The database answers a trivial query. */
export function databaseCheck(db: Pick<Db, 'query'>): HealthCheck {
  return async () => {
    await db.query('SELECT 1');
    return { status: 'ok' };
  };
}
