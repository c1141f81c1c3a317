import { ingestRound, recordGeneratedStatement } from '@memctx/contracts';
import type { RouteModule } from '../http/endpoints.js';
import type { FeatureDeps } from './deps.js';
import { chargeQuota, domainCall, idempotent, wrote } from './guards.js';
import { stageTimer } from '../http/stages.js';

export function memoryRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(ingestRound, async ({ body }, { auth, req, res }) =>
      idempotent(deps, req, 'memory.ingest', auth.userId, body, async (key) => {
        await chargeQuota(deps, auth.userId, res);
        const { roundId, position } = await domainCall(() => deps.service.ingestRound(auth.userId, body, key, stageTimer(req)));
        wrote(deps, auth.userId, res, position);
        deps.serviceMetrics?.roundIngested();
        return { records_written: 1, round_id: roundId, status: 'stored' };
      }),
    );

    routes.endpoint(recordGeneratedStatement, async ({ body }, { auth, req, res }) =>
      idempotent(deps, req, 'memory.generated', auth.userId, body, async (key) => {
        await chargeQuota(deps, auth.userId, res);
        const { recordId, position } = await domainCall(() =>
          deps.service.recordGenerated(auth.userId, { ...body, user_message: body.user_message ?? '' }, key),
        );
        wrote(deps, auth.userId, res, position);
        return { provenance: 'AI_GENERATED', records_written: 1, status: 'stored', record_id: recordId };
      }),
    );
  };
}
