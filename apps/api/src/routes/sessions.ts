import { clearAllSessions, deleteSession, listSessionMessages, restoreSession } from '@memctx/contracts';
import type { RouteModule } from '../http/endpoints.js';
import { HttpError } from '../http/errors.js';
import type { FeatureDeps } from './deps.js';
import { domainCall, fresh, wrote } from './guards.js';

export function sessionRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(listSessionMessages, async ({ params, query }, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res);
      const page = await deps.reads.listMessages(auth.userId, params.session_id, query);
      if (!page) throw new HttpError(404, 'Not Found');
      return { messages: page.messages, session_id: params.session_id, total: page.total, user_id: auth.userId };
    });

    routes.endpoint(deleteSession, async ({ params }, { auth, res }) => {
      const { position } = await domainCall(() => deps.service.deleteSession(auth.userId, params.session_id));
      wrote(deps, auth.userId, res, position);
    });

    routes.endpoint(restoreSession, async ({ params }, { auth, req, res }) => {
      const { position } = await domainCall(() => deps.service.restoreSession(auth.userId, params.session_id));
      wrote(deps, auth.userId, res, position);
      await fresh(deps, auth.userId, req, res);
      // The restore is durable; while the read model lags it still shows the session as deleted, with the same summary.
      const session = await deps.reads.findLiveSession(auth.userId, params.session_id, { includeDeleted: true });
      if (!session) throw new HttpError(404, 'Not Found');
      return session;
    });

    routes.endpoint(clearAllSessions, async (_input, { auth, req, res }) => {
      // The caller's own recent writes must be projected, or a just-created session would be missed.
      await fresh(deps, auth.userId, req, res);
      const ids = await deps.reads.listActiveSessionIds(auth.userId);
      const { cleared, position } = await deps.service.clearAll(auth.userId, ids);
      wrote(deps, auth.userId, res, position);
      return { cleared };
    });
  };
}
