import { beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, useRouteFixture, validationErrorAt } from './fixture.js';
import { activityRow, projectRow, recordRow } from './rows.js';

const fixture = useRouteFixture();
const HOUR = 3_600;

beforeAll(() => {
  const { seed } = fixture();
  const now = Date.now();
  seed.build(ALICE, { built_at: new Date(now - 60_000), tokens_baseline: 1_000, tokens_sip: 250 });
  seed.build(ALICE, { built_at: new Date(now - 2 * HOUR * 1_000), tokens_baseline: 500, tokens_sip: 100 });
  seed.build(BOB, { built_at: new Date(now - 60_000), tokens_baseline: 9_999, tokens_sip: 1 });
  for (const ref of ['a1', 'a2', 'a3']) seed.activity(ALICE, activityRow({ ref_id: ref }));
  seed.activity(BOB, activityRow({ ref_id: 'b1', type: 'sip_built' }));
  seed.project(ALICE, projectRow({ id: 'work' }));
  seed.record(ALICE, recordRow({ id: 'r1', project_id: 'work', provenance: 'ROUND' }));
  seed.record(ALICE, recordRow({ id: 'r2', project_id: 'work', provenance: 'AI_GENERATED' }));
  seed.record(ALICE, recordRow({ id: 'r3', provenance: 'ROUND' }));
  seed.record(BOB, recordRow({ id: 'b-r', provenance: 'USER_STATED' }));
});

describe('GET /api/v1/dashboard/efficiency', () => {
  it('totals the caller’s SIP builds in the window, with a series', async () => {
    const response = await fixture().as(ALICE, `/api/v1/dashboard/efficiency?window_seconds=${HOUR}`);
    expect(response).toMatchObject({ status: 200, body: { tokens_baseline: 1_000, tokens_sip: 250, tokens_saved: 750, percent_reduction: 75 } });
    expect(response.body.series.length).toBeGreaterThan(1);
    expect(response.body.series.reduce((sum: number, point: { tokens_sip: number }) => sum + point.tokens_sip, 0)).toBe(250);
    const wider = await fixture().as(ALICE, `/api/v1/dashboard/efficiency?window_seconds=${3 * HOUR}`);
    expect(wider.body).toMatchObject({ tokens_baseline: 1_500, tokens_sip: 350 });
  });

  it('answers 422 in the validation shape for a window below 1 second', async () => {
    expect(await fixture().as(ALICE, '/api/v1/dashboard/efficiency?window_seconds=0')).toMatchObject(validationErrorAt('query', 'window_seconds'));
  });
});

describe('GET /api/v1/dashboard/activity', () => {
  it('answers the caller’s newest items, at most limit', async () => {
    const response = await fixture().as(ALICE, '/api/v1/dashboard/activity?limit=2');
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { ref_id: string }) => item.ref_id)).toEqual(['a3', 'a2']);
    expect(Object.keys(response.body.items[0]).sort()).toEqual(['project_id', 'ref_id', 'summary', 'timestamp', 'type']);
    expect((await fixture().as(BOB, '/api/v1/dashboard/activity')).body.items.map((item: { ref_id: string }) => item.ref_id)).toEqual(['b1']);
  });

  it('answers 422 for a limit above the maximum', async () => {
    expect(await fixture().as(ALICE, '/api/v1/dashboard/activity?limit=51')).toMatchObject(validationErrorAt('query', 'limit'));
  });
});

describe('GET /api/v1/dashboard/provenance', () => {
  it('counts the caller’s records per provenance class, in all and per project', async () => {
    const all = await fixture().as(ALICE, '/api/v1/dashboard/provenance');
    expect(all).toMatchObject({ status: 200, body: { provenance: { ROUND: 2, AI_GENERATED: 1, USER_STATED: 0, DOCUMENT_VERIFIED: 0 } } });
    const work = await fixture().as(ALICE, '/api/v1/dashboard/provenance?project_id=work');
    expect(work.body.provenance).toMatchObject({ ROUND: 1, AI_GENERATED: 1 });
    expect((await fixture().as(BOB, '/api/v1/dashboard/provenance')).body.provenance).toMatchObject({ ROUND: 0, USER_STATED: 1 });
  });

  it('answers 404 for another user’s project, never an empty count', async () => {
    expect(await fixture().as(BOB, '/api/v1/dashboard/provenance?project_id=work')).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
  });
});
