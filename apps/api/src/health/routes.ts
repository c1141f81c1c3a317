import { API_VERSION, getHealth } from '@memctx/contracts';
import type { RouteModule } from '../http/endpoints.js';
import { runHealthChecks, type HealthChecks } from '@memctx/runtime';

/** GET /api/v1/health: 200 unless a check is down, then 503 with the same body. */
export function healthRoutes(checks: HealthChecks, options: { timeoutMs?: number; version?: string } = {}): RouteModule {
  return (routes) => {
    routes.endpoint(getHealth, async (_input, { status }) => {
      const report = await runHealthChecks(checks, options.timeoutMs);
      if (report.status === 'down') status(503);
      return { ...report, version: options.version ?? API_VERSION };
    });
  };
}
