import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GARDEN_QUERY, GARDEN_ROUNDS } from './sip-budget-fixture.js';
import { embeddingsCaughtUp, startTestServer, type Client, type TestServer } from './server.js';

/*
 * POST /api/v1/sip/build's token_budget over HTTP against the real service, whose own budget
 * (MEMCTX_SIP_TOKEN_BUDGET) is set low enough here for the fixture's memory to fill it.
 */
const SERVICE_BUDGET = 300;

let server: TestServer;
let user: Client;

beforeAll(async () => {
  server = await startTestServer({ MEMCTX_SIP_TOKEN_BUDGET: String(SERVICE_BUDGET) });
  user = await server.newUser('budget');
  for (const round of GARDEN_ROUNDS) expect((await user.call('POST', '/api/v1/memory/ingest', round)).status).toBe(200);
  await embeddingsCaughtUp(server.url);
});
afterAll(() => server?.stop());

const build = (body: Record<string, unknown>) => user.call('POST', '/api/v1/sip/build', { query: GARDEN_QUERY, ...body });

describe('token_budget on POST /api/v1/sip/build', () => {
  it("answers within the service's budget when none is asked, and says which budget it applied", async () => {
    const { status, body } = await build({});
    expect(status).toBe(200);
    expect(body.token_budget).toBe(SERVICE_BUDGET);
    expect(body.tokens_sip).toBeLessThanOrEqual(SERVICE_BUDGET);
    // The memory holds more than the smaller budgets below, so they have something to cut.
    expect(body.tokens_sip).toBeGreaterThan(150);
  });

  it('keeps a SIP within a smaller budget, with fewer records', async () => {
    const full = await build({});
    for (const budget of [150, 100]) {
      const { status, body } = await build({ token_budget: budget });
      expect(status).toBe(200);
      expect(body).toMatchObject({ token_budget: budget, records_used: body.citations.length });
      expect(body.tokens_sip).toBeLessThanOrEqual(budget);
      expect(body.records_used).toBeGreaterThanOrEqual(1);
      expect(body.records_used).toBeLessThan(full.body.records_used);
    }
  });

  it("lowers a budget above the service's to the service's, and takes null as none", async () => {
    const full = await build({});
    for (const token_budget of [SERVICE_BUDGET + 1, 100_000, null]) {
      const { status, body } = await build({ token_budget });
      expect(status).toBe(200);
      expect(body.token_budget).toBe(SERVICE_BUDGET);
      expect(body.sip).toBe(full.body.sip);
    }
  });

  it('parses the budget as every body integer is parsed: an integer string and a whole float pass', async () => {
    for (const token_budget of ['120', 120.0]) {
      const { status, body } = await build({ token_budget });
      expect(status).toBe(200);
      expect(body.token_budget).toBe(120);
      expect(body.tokens_sip).toBeLessThanOrEqual(120);
    }
  });

  it('answers 422 in the validation error shape for a budget under 50, a fraction, or not a number', async () => {
    const cases: Array<[unknown, Record<string, unknown>]> = [
      [0, { type: 'greater_than_equal', msg: 'Input should be greater than or equal to 50', ctx: { ge: 50 } }],
      [-1, { type: 'greater_than_equal', msg: 'Input should be greater than or equal to 50', ctx: { ge: 50 } }],
      [49, { type: 'greater_than_equal', msg: 'Input should be greater than or equal to 50', ctx: { ge: 50 } }],
      [1.5, { type: 'int_from_float', msg: 'Input should be a valid integer, got a number with a fractional part' }],
      ['x', { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' }],
      [[200], { type: 'int_type', msg: 'Input should be a valid integer' }],
    ];
    for (const [token_budget, error] of cases) {
      const { status, body, headers } = await build({ token_budget });
      expect(status, `token_budget ${JSON.stringify(token_budget)}`).toBe(422);
      expect(headers.get('content-type')).toMatch(/^application\/json/);
      expect(body).toEqual({ detail: [{ loc: ['body', 'token_budget'], input: token_budget, ...error }] });
    }
  });

  it('is in the OpenAPI document, request and answer', async () => {
    const document = (await user.call('GET', '/api/v1/openapi.json')).body;
    const { SipBuildRequest, SipBuildResponse } = document.components.schemas;
    expect(SipBuildRequest.properties.token_budget).toMatchObject({ type: ['integer', 'null'], minimum: 50, default: null });
    expect(SipBuildResponse.properties).toHaveProperty('tokens_sip');
    expect(SipBuildResponse.properties).toHaveProperty('token_budget');
  });
});
