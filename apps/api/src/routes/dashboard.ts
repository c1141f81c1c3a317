import { getActivity, getEfficiency, getProvenance } from '@memctx/contracts';
import { efficiency, findProject, provenanceCounts, recentActivity } from '@memctx/read-models';
import type { RouteModule } from '../http/endpoints.js';
import { HttpError } from '../http/errors.js';
import type { FeatureDeps } from './deps.js';
import { fresh } from './guards.js';

export function dashboardRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(getEfficiency, async ({ query }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res, { includeBuilds: true });
      return efficiency(deps.db, auth.userId, query.window_seconds);
    });

    routes.endpoint(getActivity, async ({ query }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res, { includeBuilds: true });
      return { items: await recentActivity(deps.db, auth.userId, query.limit) };
    });

    routes.endpoint(getProvenance, async ({ query }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res);
      const projectId = query.project_id ?? undefined;
      // Another user's project is answered like a missing one: 404, never an empty count that leaks existence.
      if (projectId && !(await findProject(deps.db, auth.userId, projectId))) throw new HttpError(404, 'Not Found');
      return { provenance: await provenanceCounts(deps.db, auth.userId, projectId) };
    });
  };
}
