import type { SessionProject } from '../auth/scopes.js';
import type { FeatureDeps } from './deps.js';
import { fresh } from './guards.js';

/**
 * A session's project as the read models know it, after the caller's own writes are projected: a project key that
 * just wrote a session's first round can read it back at once. Deleted sessions count, so they can be restored.
 */
export function sessionProjectLookup(deps: FeatureDeps): SessionProject {
  return async (userId, sessionId, req, res) => {
    await fresh(deps, userId, req, res);
    const session = await deps.reads.findLiveSession(userId, sessionId, { includeDeleted: true });
    // The read model reports a session outside any project with an empty project_id.
    return session ? session.project_id || null : undefined;
  };
}
