import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './server.js';

/*
 * POST /api/v1/sip/build and the three dashboard endpoints over HTTP, against
 * the real service (API, projector and the embedding model) on PostgreSQL.
 */
let server: TestServer;
let alice: Client;
let bob: Client;
let projectId: string;

const ingest = (client: Client, body: Record<string, unknown>) => client.call('POST', '/api/v1/memory/ingest', body);

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.newUser('alice');
  bob = await server.newUser('bob');
  projectId = (await alice.call('POST', '/api/v1/projects', { name: 'Kitchen' })).body.id;
  await ingest(alice, { session_id: 'k1', project_id: projectId, user_message: 'Our oven runs 20 degrees hot', assistant_message: 'Set it 20 lower for recipes.' });
  await ingest(alice, { session_id: 'k1', user_message: 'The sourdough starter is named Clint', assistant_message: 'Feed Clint daily.' });
  await ingest(alice, { session_id: 'cars', user_message: 'My car is a blue 2012 Volvo estate', assistant_message: 'Noted.' });
  await alice.call('POST', '/api/v1/memory/generated', { session_id: 'cars', user_message: 'hm', assistant_message: 'You probably want a new car.' });
  await ingest(bob, { session_id: 'b1', user_message: "Bob's private oven note: it is a gas oven", assistant_message: 'ok' });
});
afterAll(() => server.stop());

const build = (client: Client, body: Record<string, unknown>) => client.call('POST', '/api/v1/sip/build', body);

describe('POST /api/v1/sip/build', () => {
  it('answers the spec shape with numbered citations matching [n] markers', async () => {
    const { status, body } = await build(alice, { query: 'how hot does the oven run?' });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['abstain', 'answerability', 'citations', 'grounded', 'records_used', 'sip', 'sip_sections', 'token_budget', 'tokens_sip', 'user_id']);
    expect(body.user_id).toBe(alice.userId);
    expect(body.records_used).toBe(body.citations.length);
    // Newest first: the oven round is cited, not necessarily as [1].
    expect(body.citations.find((c: { summary: string }) => c.summary.includes('oven'))).toEqual({
      index: expect.any(Number), record_id: expect.any(String), summary: expect.stringContaining('oven'), provenance: 'ROUND', source_id: null, source_title: null,
    });
    for (const citation of body.citations) expect(body.sip).toContain(`[${citation.index}]`);
    expect(Object.keys(body.sip_sections).sort()).toEqual(['active_context', 'calibration_notes', 'identity', 'preferences', 'uncertain_facts']);
    expect(body.sip_sections.calibration_notes).toEqual({});
    expect(body.grounded).toBe(true);
    expect(body.abstain).toBe(false);
  });

  it('defaults every field: an empty body builds from the most recent records', async () => {
    const { status, body } = await build(alice, {});
    expect(status).toBe(200);
    expect(body.records_used).toBe(3);
    expect(body.citations.map((c: { provenance: string }) => c.provenance)).not.toContain('AI_GENERATED');
  });

  it("never leaks another user's records, and 404s for another user's project", async () => {
    const { body } = await build(alice, { query: 'gas oven' });
    expect(body.sip).not.toContain('gas oven');
    expect((await build(bob, { project_id: projectId })).status).toBe(404);
    expect((await build(alice, { project_id: 'no-such-project' })).status).toBe(404);
  });

  it('scopes to the project; include_global adds records outside any project', async () => {
    const scoped = (await build(alice, { project_id: projectId })).body;
    expect(scoped.sip).toContain('Clint');
    expect(scoped.sip).not.toContain('Volvo');
    expect((await build(alice, { project_id: projectId, include_global: true })).body.sip).toContain('Volvo');
  });

  it('rejects bad bodies with the 422 shape', async () => {
    const bad = await build(alice, { include_global: 'perhaps', project_id: 7 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: { loc: unknown[]; type: string }) => [d.loc, d.type])).toEqual([
      [['body', 'include_global'], 'bool_parsing'],
      [['body', 'project_id'], 'string_type'],
    ]);
    expect((await alice.call('POST', '/api/v1/sip/build', '{')).body.detail[0].type).toBe('json_invalid');
    expect((await server.newUser()).key).toBeTruthy();
    const anonymous = await fetch(`${server.url}/api/v1/sip/build`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(anonymous.status).toBe(401);
  });

  it('leaves soft-deleted sessions out and brings them back on restore', async () => {
    expect((await build(alice, { query: 'Volvo car' })).body.sip).toContain('Volvo');
    expect((await alice.call('DELETE', '/api/v1/sessions/cars')).status).toBe(204);
    expect((await build(alice, { query: 'Volvo car' })).body.sip).not.toContain('Volvo');
    expect((await alice.call('POST', '/api/v1/sessions/cars/restore')).status).toBe(200);
    expect((await build(alice, { query: 'Volvo car' })).body.sip).toContain('Volvo');
  });

  it("links a build to its session: the next round's reply records the SIP", async () => {
    const built = (await build(alice, { query: 'sourdough', session_id: 'k1' })).body;
    await ingest(alice, { session_id: 'k1', user_message: 'When do I feed Clint?', assistant_message: 'Every morning.' });
    const { body } = await alice.call('GET', '/api/v1/sessions/k1/messages?limit=200');
    const reply = body.messages.at(-1);
    expect(reply).toMatchObject({ role: 'assistant', sip_text: built.sip, records_used: built.records_used });
  });
});

describe('client timestamps', () => {
  it('a timestamp that is no instant is kept verbatim and never wedges the projections', async () => {
    const odd = await server.newUser('odd');
    expect((await ingest(odd, { session_id: 'o', user_message: 'tea at four', assistant_message: 'ok', timestamp: 'teatime, Tuesday' })).status).toBe(200);
    expect((await ingest(odd, { session_id: 'o', user_message: 'dated', assistant_message: 'ok', timestamp: '2026-01-02T03:04:05Z' })).status).toBe(200);
    const { body } = await odd.call('GET', '/api/v1/sessions/o/messages');
    expect(body.messages.map((m: { content: string }) => m.content)).toEqual(['tea at four', 'ok', 'dated', 'ok']);
    expect(body.messages[2].created_at).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('dashboard', () => {
  it('efficiency: totals and series add up to the builds made, in the documented unit', async () => {
    const fresh = await server.newUser('dash');
    await ingest(fresh, { session_id: 's', user_message: 'I grow chillies on the balcony every summer', assistant_message: 'Habaneros like heat.' });
    const first = await build(fresh, { query: 'chillies' });
    const second = await build(fresh, {});
    expect([first.status, second.status]).toEqual([200, 200]);
    const { status, body } = await fresh.call('GET', '/api/v1/dashboard/efficiency?window_seconds=3600');
    expect(status).toBe(200);
    expect(body.series.length).toBeGreaterThan(0);
    const sum = (key: string) => body.series.reduce((n: number, p: Record<string, number>) => n + p[key]!, 0);
    expect(body.tokens_sip).toBe(sum('tokens_sip'));
    expect(body.tokens_baseline).toBe(sum('tokens_baseline'));
    expect(body.tokens_saved).toBe(body.tokens_baseline - body.tokens_sip);
    expect(body.tokens_sip).toBeGreaterThan(0);
    // Both builds happened a moment ago: they fall in the last period, or in the two last when a minute turned since
    // the first; a period's start is an epoch second aligned to the period.
    const last = body.series.at(-1);
    expect(last.period_start % 60).toBe(0);
    expect(Math.abs(last.period_start - Date.now() / 1000)).toBeLessThan(120);
    const recent = body.series.filter((p: { period_start: number }) => p.period_start >= last.period_start - 60);
    expect(recent.reduce((n: number, p: { tokens_sip: number }) => n + p.tokens_sip, 0)).toBe(body.tokens_sip);
    expect((await fresh.call('GET', '/api/v1/dashboard/efficiency?window_seconds=0')).status).toBe(422);
  });

  it('activity: newest first, with records and SIP builds; limit bounds enforced', async () => {
    const { body } = await alice.call('GET', '/api/v1/dashboard/activity?limit=50');
    const types = new Set(body.items.map((i: { type: string }) => i.type));
    expect(types).toContain('round_ingested');
    expect(types).toContain('sip_built');
    const times = body.items.map((i: { timestamp: number }) => i.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.items.length).toBeGreaterThan(5);
    const defaults = (await alice.call('GET', '/api/v1/dashboard/activity')).body.items;
    expect(defaults).toHaveLength(Math.min(15, body.items.length));
    expect(defaults).toEqual(body.items.slice(0, defaults.length));
    expect((await alice.call('GET', '/api/v1/dashboard/activity?limit=51')).status).toBe(422);
  });

  it('provenance: every class, counts of visible records, project filter, 404 for a foreign project', async () => {
    const all = (await alice.call('GET', '/api/v1/dashboard/provenance')).body.provenance;
    expect(all).toEqual({ USER_STATED: 0, USER_CONFIRMED: 0, DOCUMENT_VERIFIED: 0, AI_INFERRED: 0, ROUND: 4, AI_GENERATED: 1 });
    const scoped = (await alice.call('GET', `/api/v1/dashboard/provenance?project_id=${projectId}`)).body.provenance;
    expect(scoped.ROUND).toBe(3);
    expect((await bob.call('GET', `/api/v1/dashboard/provenance?project_id=${projectId}`)).status).toBe(404);
  });
});
