import { createProject, listProjectSources, renameProject } from '@memctx/contracts';
import type { RouteModule } from '../http/endpoints.js';
import { HttpError } from '../http/errors.js';
import type { FeatureDeps } from './deps.js';
import { domainCall, fresh, wrote } from './guards.js';

export function projectRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(createProject, async ({ body }, { auth, req, res }) => {
      const { projectId, createdAt, position } = await deps.service.createProject(auth.userId, body.name);
      wrote(deps, auth.userId, res, position);
      await fresh(deps, auth.userId, req, res);
      // A new project has no sessions or sources yet, so while the read model lags the write itself is the answer (never a 5xx).
      const written = { id: projectId, name: body.name, created_at: createdAt, updated_at: createdAt, session_count: 0, source_count: 0 };
      return (await deps.reads.findProject(auth.userId, projectId)) ?? written;
    });

    routes.endpoint(renameProject, async ({ params, body }, { auth, req, res }) => {
      const { position } = await domainCall(() => deps.service.renameProject(auth.userId, params.project_id, body.name));
      wrote(deps, auth.userId, res, position);
      await fresh(deps, auth.userId, req, res);
      const project = await deps.reads.findProject(auth.userId, params.project_id);
      if (!project) throw new HttpError(404, 'Not Found');
      return project;
    });

    routes.endpoint(listProjectSources, async ({ params }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res);
      const project = await deps.reads.findProject(auth.userId, params.project_id);
      if (!project) throw new HttpError(404, 'Not Found');
      const sources = await deps.reads.listSources(auth.userId, params.project_id);
      return { sources, total: sources.length };
    });
  };
}
