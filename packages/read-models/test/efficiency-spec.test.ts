import { describe, it } from 'vitest';
import { efficiencyProjection } from '@memctx/read-models';
import { projectionSpec } from './projection-spec.js';
import { purged, restored, shown, sipBuilt, softDeleted } from './spec-events.js';

const spec = projectionSpec(efficiencyProjection);
const builds = `SELECT build_id, project_id, session_id, built_at::text AS built_at, records_used, tokens_sip, tokens_baseline::int AS tokens_baseline, hidden
  FROM sip_builds ORDER BY build_id`;
const build = (build_id: string, session_id: string | null, minute: number, hidden = false) => ({
  build_id, project_id: 'p1', session_id, built_at: shown(minute), records_used: 2, tokens_sip: 30, tokens_baseline: 300, hidden,
});

describe('efficiency projection (given events, when events, then rows)', () => {
  it('keeps one row per SIP build with its token figures, with or without a session', async () => {
    await spec.given(sipBuilt('b1', 's1', 1)).when(sipBuilt('b2', null, 2)).then(builds, [build('b1', 's1', 1), build('b2', null, 2)]);
  });

  it('hides the builds of a soft-deleted session, and shows them again on restore', async () => {
    const given = [sipBuilt('b1', 's1', 1), sipBuilt('b2', 's2', 2)] as const;
    await spec.given(...given).when(softDeleted('s1', 3)).then(builds, [build('b1', 's1', 1, true), build('b2', 's2', 2)]);
    await spec.given(...given, softDeleted('s1', 3)).when(restored('s1', 4)).then(builds, [build('b1', 's1', 1), build('b2', 's2', 2)]);
  });

  it('deletes the builds of a purged session only', async () => {
    await spec.given(sipBuilt('b1', 's1', 1), sipBuilt('b2', 's2', 2), softDeleted('s1', 3)).when(purged('s1', 4)).then(builds, [build('b2', 's2', 2)]);
  });
});
