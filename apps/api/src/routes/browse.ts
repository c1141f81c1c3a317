import { listProjects, listSessions } from '@memctx/contracts';
import type { RouteModule } from '../http/endpoints.js';
import { notFound } from '../http/errors.js';
import type { FeatureDeps } from './deps.js';
import { fresh } from './guards.js';

export function browseRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(listProjects, async ({ query }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res);
      const page = await deps.reads.browseProjects(auth.userId, query);
      return { projects: page.items, next_cursor: page.next_cursor };
    });

    routes.endpoint(listSessions, async ({ query }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res);
      // Another user's project is a missing one, as everywhere else.
      if (query.project_id && !(await deps.reads.findProject(auth.userId, query.project_id))) throw notFound();
      const page = await deps.reads.browseSessions(auth.userId, { projectId: query.project_id, includeDeleted: query.include_deleted }, query);
      return { sessions: page.items, next_cursor: page.next_cursor };
    });
  };
}
