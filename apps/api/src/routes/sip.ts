import { buildSip as buildSipEndpoint } from '@memctx/contracts';
import type { SipSettings } from '@memctx/sip';
import { inSpan, tracer, type Span } from '@memctx/shared';
import { trace, context } from '@opentelemetry/api';
import type { RouteModule } from '../http/endpoints.js';
import { HttpError } from '../http/errors.js';
import type { FeatureDeps } from './deps.js';
import { addStage, timed } from '../http/stages.js';
import { fresh, wrote } from './guards.js';

export function sipRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(buildSipEndpoint, async ({ body }, { auth, req, res }) => {
      // Another user's project is a missing one: 404, and nothing of it is read.
      if (body.project_id && !(await deps.service.projectExists(auth.userId, body.project_id))) throw new HttpError(404, 'Not Found');
      await timed(req, 'fresh', () => fresh(deps, auth.userId, req, res));
      const started = performance.now();
      const settings = withinBudget(deps.sip.settings, body.token_budget);
      const built = await inSpan('sip build', {}, async (span) => {
        const result = await deps.reads.buildSip(
          {
            embedder: deps.sip.embedder,
            settings,
            retrieval: deps.sip.retrieval,
            onStage: (stage, ms) => {
              addStage(req, stage, ms);
              stageSpan(span, stage, ms);
            },
          },
          { userId: auth.userId, projectId: body.project_id, includeGlobal: body.include_global, query: body.query, sessionId: body.session_id },
        );
        span.setAttributes({ 'memctx.sip.records_used': result.records_used, 'memctx.sip.tokens': result.tokens_sip, 'memctx.sip.budget': settings.budgetTokens, 'memctx.sip.abstain': result.abstain,
          // The rounds and chunks it cited, so an operator can go from a SIP to the requests that wrote them.
          'memctx.sip.record_ids': result.record_ids });
        return result;
      });
      const { position } = await timed(req, 'record', () => deps.service.recordSipBuilt(auth.userId, {
        project_id: body.project_id,
        session_id: body.session_id,
        query: body.query,
        records_used: built.records_used,
        record_ids: built.record_ids,
        // Purging any of these sessions erases this SIP's text (crypto-shredding seals it under each one's key).
        cited_session_ids: built.cited_session_ids,
        sip_text: built.sip,
        tokens_sip: built.tokens_sip,
        tokens_baseline: built.tokens_baseline,
        grounded: built.grounded,
        abstain: built.abstain,
      }));
      wrote(deps, auth.userId, res, position, 'build');
      deps.serviceMetrics?.sipBuilt((performance.now() - started) / 1000, built.tokens_baseline - built.tokens_sip);
      return {
        sip: built.sip,
        records_used: built.records_used,
        tokens_sip: built.tokens_sip,
        token_budget: settings.budgetTokens,
        user_id: auth.userId,
        abstain: built.abstain,
        grounded: built.grounded,
        citations: built.citations,
        sip_sections: built.sections,
        ...(built.answerability ? { answerability: built.answerability } : {}),
      };
    });
  };
}

/**
 * The service's SIP settings with the caller's budget, when it asked for one: a budget is a ceiling, so the lower of
 * the two holds (docs/decisions.md, "Per-request SIP budget"); the operator's budget bounds what one build may cost.
 */
function withinBudget(settings: SipSettings, requested: number | null): SipSettings {
  return requested === null || requested >= settings.budgetTokens ? settings : { ...settings, budgetTokens: requested };
}

/** A child span `sip <stage>` of the build's span, placed from the stage's timing as it ends (packages/sip times its stages, it does not trace). */
function stageSpan(parent: Span, stage: string, ms: number): void {
  if (!parent.isRecording()) return;
  const end = Date.now();
  tracer().startSpan(`sip ${stage}`, { startTime: end - ms, attributes: { 'memctx.sip.stage': stage } }, trace.setSpan(context.active(), parent)).end(end);
}
