import { listRecords } from '@memctx/contracts';
import { parseRecordCursor } from '@memctx/read-models';
import type { RouteModule } from '../http/endpoints.js';
import { notFound, UnprocessableEntityError } from '../http/errors.js';
import type { FeatureDeps } from './deps.js';
import { fresh } from './guards.js';

// With a query, retrieval ranks this many before the filters and the page cut.
const SEARCH_DEPTH = 200;

export function recordRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(listRecords, async ({ query }, { auth, req, res }) => {
      const after = parseRecordCursor(query.cursor);
      if (query.cursor && !after) {
        throw new UnprocessableEntityError([{ type: 'value_error', loc: ['query', 'cursor'], msg: 'Value error, not a cursor of this endpoint', input: query.cursor }]);
      }
      await fresh(deps, auth.userId, req, res);
      // Another user's project or session is a missing one.
      if (query.project_id && !(await deps.reads.findProject(auth.userId, query.project_id))) throw notFound();
      if (query.session_id && !(await deps.reads.findLiveSession(auth.userId, query.session_id))) throw notFound();
      const filter = { projectId: query.project_id, sessionId: query.session_id, provenance: query.provenance };

      if (!query.query) {
        const page = await deps.reads.browseRecords(auth.userId, filter, { limit: query.limit, after });
        return { records: page.items, next_cursor: page.next_cursor };
      }
      // The SIP's own retrieval, unchanged: what a search finds is what a SIP could cite.
      const embedding = deps.sip.embedder ? await deps.sip.embedder.embedQuery(query.query) : null;
      const candidates = await deps.reads.retrieveCandidates(
        { userId: auth.userId, projectId: query.project_id ?? null, includeGlobal: false },
        { queryText: query.query, queryEmbedding: embedding, depth: SEARCH_DEPTH, limit: SEARCH_DEPTH },
      );
      const ranked = candidates.map((candidate) => ({ record_id: candidate.record_id, score: candidate.fused }));
      const records = await deps.reads.recordsInOrder(auth.userId, filter, ranked);
      return { records: records.slice(0, query.limit), next_cursor: null };
    });
  };
}
