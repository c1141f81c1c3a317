import { userStream } from '@memctx/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, useRouteFixture, validationErrorAt, type RouteFixture } from './fixture.js';
import { recordRow } from './rows.js';

const SERVICE_BUDGET = 400;
const fixture = useRouteFixture({ sipBudgetTokens: SERVICE_BUDGET });
let garden: string;
let bobsProject: string;

const build = (user: typeof ALICE | typeof BOB, json: unknown) => fixture().as(user, '/api/v1/sip/build', { method: 'POST', json });
const builtEvents = async (f: RouteFixture, user: string) => (await f.events()).filter((event) => event.type === 'SipBuilt' && event.stream_id === userStream(user));

beforeAll(async () => {
  const f = fixture();
  garden = (await f.service.createProject(ALICE, 'Garden')).projectId;
  bobsProject = (await f.service.createProject(BOB, 'Bob')).projectId;
  f.seed.record(ALICE, recordRow({ id: 'tomato', project_id: garden, session_id: 'chat', content: 'tomatoes need full sun' }));
  f.seed.record(ALICE, recordRow({ id: 'basil', project_id: garden, content: 'basil likes tomatoes nearby' }));
  f.seed.record(ALICE, recordRow({ id: 'car', content: 'the car is blue' }));
  f.seed.record(BOB, recordRow({ id: 'bob-tomato', content: 'tomatoes are overrated' }));
});

describe('POST /api/v1/sip/build', () => {
  it('builds from the caller’s scope, records the build in the caller’s stream and answers the SIP', async () => {
    const f = fixture();
    const response = await build(ALICE, { query: 'tomatoes', project_id: garden });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ user_id: ALICE, token_budget: SERVICE_BUDGET, records_used: 2, grounded: true, abstain: false });
    expect(response.body.citations.map((citation: { record_id: string }) => citation.record_id).sort()).toEqual(['basil', 'tomato']);
    expect(response.body.sip).toContain('tomatoes need full sun');
    expect(Object.keys(response.body.sip_sections).sort()).toEqual(['active_context', 'calibration_notes', 'identity', 'preferences', 'uncertain_facts']);
    expect(f.sipCalls.at(-1)).toEqual({ userId: ALICE, projectId: garden, includeGlobal: false, query: 'tomatoes', sessionId: null, budgetTokens: SERVICE_BUDGET });

    const [event] = (await builtEvents(f, ALICE)).slice(-1);
    expect(event!.data).toMatchObject({
      project_id: garden, query: 'tomatoes', records_used: 2, sip_text: response.body.sip, tokens_sip: response.body.tokens_sip, cited_session_ids: ['chat'],
    });
    expect([...(event!.data.record_ids as string[])].sort()).toEqual(['basil', 'tomato']);
    expect(response.headers.get('x-memctx-position')).toBe(`${event!.transaction_id}.${event!.global_position}`);
  });

  it('builds within the lower of the caller’s budget and the service’s', async () => {
    expect((await build(ALICE, { query: 'tomatoes', token_budget: 120 })).body.token_budget).toBe(120);
    expect(fixture().sipCalls.at(-1)?.budgetTokens).toBe(120);
    expect((await build(ALICE, { query: 'tomatoes', token_budget: 10 * SERVICE_BUDGET })).body.token_budget).toBe(SERVICE_BUDGET);
    expect(fixture().sipCalls.at(-1)?.budgetTokens).toBe(SERVICE_BUDGET);
  });

  it('never cites another user’s records', async () => {
    const response = await build(BOB, { query: 'tomatoes' });
    expect(response.status).toBe(200);
    expect(response.body.citations.map((citation: { record_id: string }) => citation.record_id)).toEqual(['bob-tomato']);
    expect(response.body.sip).not.toContain('full sun');
    expect(response.body.user_id).toBe(BOB);
  });

  it('answers 404 for another user’s project and for an unknown one, without building or recording', async () => {
    const f = fixture();
    const calls = f.sipCalls.length;
    const recorded = (await builtEvents(f, ALICE)).length;
    expect(await build(ALICE, { query: 'tomatoes', project_id: bobsProject })).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect(await build(ALICE, { query: 'tomatoes', project_id: 'no-such' })).toMatchObject({ status: 404 });
    expect(f.sipCalls.length).toBe(calls);
    expect((await builtEvents(f, ALICE)).length).toBe(recorded);
  });

  it('answers 422 in the validation shape for a budget below the minimum and a query that is not text', async () => {
    expect(await build(ALICE, { query: 'x', token_budget: 10 })).toMatchObject(validationErrorAt('body', 'token_budget'));
    expect(await build(ALICE, { query: 42 })).toMatchObject(validationErrorAt('body', 'query'));
  });
});
