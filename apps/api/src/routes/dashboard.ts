import { getActivity, getEfficiency, getProvenance } from '@memctx/contracts';
import type { RouteModule } from '../http/endpoints.js';
import { HttpError } from '../http/errors.js';
import type { FeatureDeps } from './deps.js';
import { fresh } from './guards.js';

export function dashboardRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(getEfficiency, async ({ query }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res, { includeBuilds: true });
      return deps.reads.efficiency(auth.userId, query.window_seconds);
    });

    routes.endpoint(getActivity, async ({ query }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res, { includeBuilds: true });
      return { items: await deps.reads.recentActivity(auth.userId, query.limit) };
    });

    routes.endpoint(getProvenance, async ({ query }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res);
      const projectId = query.project_id ?? undefined;
      // Another user's project is answered like a missing one: 404, never an empty count that leaks existence.
      if (projectId && !(await deps.reads.findProject(auth.userId, projectId))) throw new HttpError(404, 'Not Found');
      return { provenance: await deps.reads.provenanceCounts(auth.userId, projectId) };
    });
  };
}
