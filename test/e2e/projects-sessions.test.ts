import { createMemctxClient } from '@memctx/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './server.js';

let server: TestServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer({ MEMCTX_DAILY_INGEST_QUOTA: '40' });
  alice = await server.newUser('alice');
  bob = await server.newUser('bob');
});
afterAll(() => server.stop());

const clientOf = (user: Client) => createMemctxClient({ baseUrl: server.url, apiKey: user.key });

const round = (session_id: string, extra: Record<string, unknown> = {}) => ({
  session_id, user_message: 'I moved to Lisbon in May', assistant_message: 'Lisbon is lovely in spring.', ...extra,
});

describe('projects', () => {
  it('creates a project, trimming the name to 100 characters, with the summary fields of the spec', async () => {
    const created = await alice.call('POST', '/api/v1/projects', { name: `  ${'n'.repeat(150)}  ` });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String), name: 'n'.repeat(100), created_at: expect.any(String), updated_at: expect.any(String), session_count: 0, source_count: 0,
    });
    expect(new Date(created.body.created_at).toISOString()).toBe(created.body.created_at);
  });

  it('renames its own project and answers 404 for another user’s', async () => {
    // Through the typed client: failures are thrown as MemctxApiError with the status.
    const [asAlice, asBob] = [clientOf(alice), clientOf(bob)];
    const project = await asAlice.createProject('Old');
    expect(await asAlice.renameProject(project.id, 'New')).toMatchObject({ id: project.id, name: 'New' });
    await expect(asBob.renameProject(project.id, 'Mine now')).rejects.toMatchObject({ status: 404 });
    await expect(asAlice.renameProject('does-not-exist', 'x')).rejects.toMatchObject({ status: 404, detail: 'Not Found' });
  });

  it('lists the active sources of its own project (none yet) and 404s for others', async () => {
    const { body: project } = await alice.call('POST', '/api/v1/projects', { name: 'Docs' });
    expect((await alice.call('GET', `/api/v1/projects/${project.id}/sources`)).body).toEqual({ sources: [], total: 0 });
    expect((await bob.call('GET', `/api/v1/projects/${project.id}/sources`)).status).toBe(404);
  });

  it('rejects bad bodies with the 422 shape', async () => {
    const missing = await alice.call('POST', '/api/v1/projects', {});
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'missing', msg: 'Field required' });
    expect((await alice.call('POST', '/api/v1/projects', { name: 5 })).body.detail[0]).toMatchObject({ type: 'string_type' });
    expect((await alice.call('POST', '/api/v1/projects', '{"name": ')).body.detail[0]).toMatchObject({ type: 'json_invalid', loc: ['body', 9] });
    expect((await alice.call('POST', '/api/v1/projects', [1])).body.detail[0]).toMatchObject({ type: 'model_attributes_type', loc: ['body'] });
  });
});

describe('memory ingest and session messages', () => {
  it('stores a round and shows it as two turns, oldest first, with read-your-writes', async () => {
    const { body: project } = await alice.call('POST', '/api/v1/projects', { name: 'Travel' });
    const ingested = await alice.call('POST', '/api/v1/memory/ingest', round('trip-1', { project_id: project.id, timestamp: '2026-05-01T10:00:00Z', response_time_ms: 420 }));
    expect(ingested.status).toBe(200);
    expect(ingested.body).toEqual({ records_written: 1, round_id: expect.any(String), status: 'stored' });
    expect(ingested.headers.get('x-memctx-position')).toMatch(/^\d+\.\d+$/);
    await alice.call('POST', '/api/v1/memory/ingest', round('trip-1', { user_message: 'Second question', assistant_message: '' }));

    const messages = await alice.call('GET', '/api/v1/sessions/trip-1/messages');
    expect(messages.status).toBe(200);
    expect(messages.body).toMatchObject({ session_id: 'trip-1', total: 3, user_id: alice.userId });
    expect(messages.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages.body.messages[0]).toEqual({
      id: expect.any(String), role: 'user', content: 'I moved to Lisbon in May', created_at: '2026-05-01T10:00:00.000Z',
      records_used: 0, round_id: ingested.body.round_id, sip_text: '',
    });
    const page = await alice.call('GET', '/api/v1/sessions/trip-1/messages?limit=1&offset=2');
    expect(page.body.messages.map((m: { content: string }) => m.content)).toEqual(['Second question']);
    expect((await alice.call('GET', '/api/v1/sessions/trip-1/messages?limit=5000')).status).toBe(200);
    const projectAfter = await alice.call('PATCH', `/api/v1/projects/${project.id}`, { name: 'Travel' });
    expect(projectAfter.body.session_count).toBe(1);
  });

  it('validates query parameters of the messages endpoint', async () => {
    await alice.call('POST', '/api/v1/memory/ingest', round('q-1'));
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['limit=0', 'greater_than_equal', { ge: 1 }],
      ['limit=abc', 'int_parsing', {}],
      ['offset=-1', 'greater_than_equal', { ge: 0 }],
      ['offset=1.5', 'int_parsing', {}],
    ];
    for (const [query, type, ctx] of cases) {
      const response = await alice.call('GET', `/api/v1/sessions/q-1/messages?${query}`);
      expect(response.status).toBe(422);
      expect(response.body.detail[0]).toMatchObject({ loc: ['query', query.split('=')[0]], type, ...(Object.keys(ctx).length ? { ctx } : {}) });
    }
  });

  it('rejects invalid ingest bodies with field-level 422s', async () => {
    const response = await alice.call('POST', '/api/v1/memory/ingest', { user_message: '', response_time_ms: 'fast' });
    expect(response.status).toBe(422);
    const byField = Object.fromEntries(response.body.detail.map((d: { loc: string[]; type: string }) => [d.loc.join('.'), d.type]));
    expect(byField).toMatchObject({ 'body.user_message': 'string_too_short', 'body.session_id': 'missing', 'body.response_time_ms': 'int_parsing' });
  });

  it('keeps users apart: another user’s session is a 404 and the same id is a different session', async () => {
    await alice.call('POST', '/api/v1/memory/ingest', round('shared-id', { user_message: 'alice private note' }));
    expect((await bob.call('GET', '/api/v1/sessions/shared-id/messages')).status).toBe(404);
    await bob.call('POST', '/api/v1/memory/ingest', round('shared-id', { user_message: 'bob note' }));
    const bobs = await bob.call('GET', '/api/v1/sessions/shared-id/messages');
    expect(bobs.body.messages.map((m: { content: string }) => m.content)).not.toContain('alice private note');
    expect((await bob.call('DELETE', '/api/v1/sessions/trip-1')).status).toBe(404);
    expect((await bob.call('POST', '/api/v1/sessions/trip-1/restore')).status).toBe(404);
  });

  it('refuses a round into another user’s project', async () => {
    const { body: project } = await alice.call('POST', '/api/v1/projects', { name: 'Private' });
    expect((await bob.call('POST', '/api/v1/memory/ingest', round('b-p', { project_id: project.id }))).status).toBe(404);
  });

  it('stores a generated statement as AI_GENERATED and counts it on the provenance dashboard', async () => {
    const carol = await server.newUser('carol');
    const stored = await carol.call('POST', '/api/v1/memory/generated', { session_id: 'g-1', user_message: 'When is the dentist?', assistant_message: 'Probably Tuesday.' });
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual({ provenance: 'AI_GENERATED', records_written: 1, status: 'stored', record_id: expect.any(String) });
    await carol.call('POST', '/api/v1/memory/ingest', round('g-1'));
    const provenance = await carol.call('GET', '/api/v1/dashboard/provenance');
    expect(provenance.body.provenance).toEqual({ USER_STATED: 0, USER_CONFIRMED: 0, DOCUMENT_VERIFIED: 0, AI_INFERRED: 0, ROUND: 1, AI_GENERATED: 1 });
    const activity = await carol.call('GET', '/api/v1/dashboard/activity?limit=1');
    expect(activity.body.items).toHaveLength(1);
    expect(activity.body.items[0]).toEqual({ project_id: '', ref_id: expect.any(String), summary: expect.any(String), type: 'round_ingested', timestamp: expect.any(Number) });
    expect((await carol.call('GET', '/api/v1/dashboard/activity?limit=51')).status).toBe(422);
    expect((await carol.call('GET', '/api/v1/dashboard/provenance?project_id=not-mine')).status).toBe(404);
  });
});

describe('session lifecycle', () => {
  it('soft-deletes, hides, restores and clears sessions as the states table says', async () => {
    const dave = clientOf(await server.newUser('dave'));
    await dave.ingestRound(round('d-1'));
    await dave.ingestRound(round('d-2'));
    expect(await dave.deleteSession('d-1')).toBeUndefined();
    await expect(dave.listSessionMessages('d-1')).rejects.toMatchObject({ status: 404 });
    expect((await dave.raw.GET('/api/v1/dashboard/provenance')).data?.provenance.ROUND).toBe(1);
    await expect(dave.deleteSession('d-1')).rejects.toMatchObject({ status: 404 });
    await expect(dave.ingestRound(round('d-1'))).rejects.toMatchObject({ status: 409 });

    expect(await dave.restoreSession('d-1')).toEqual({
      id: 'd-1', title: 'I moved to Lisbon in May', created_at: expect.any(String), updated_at: expect.any(String),
      last_message_preview: 'Lisbon is lovely in spring.', message_count: 2, is_archived: false, project_id: '',
    });
    await expect(dave.restoreSession('d-1')).rejects.toMatchObject({ status: 404 });
    expect((await dave.listSessionMessages('d-1')).total).toBe(2);

    expect((await dave.raw.POST('/api/v1/sessions/clear-all')).data).toEqual({ cleared: 2 });
    expect((await dave.raw.POST('/api/v1/sessions/clear-all')).data).toEqual({ cleared: 0 });
    expect((await dave.restoreSession('d-2')).id).toBe('d-2');
  });
});

describe('quota and idempotency', () => {
  it('replays an Idempotency-Key retry without writing or charging again; a different body is refused', async () => {
    const erin = await server.newUser('erin');
    const headers = { 'Idempotency-Key': 'retry-1' };
    const first = await erin.call('POST', '/api/v1/memory/ingest', round('i-1'), headers);
    const second = await erin.call('POST', '/api/v1/memory/ingest', round('i-1'), headers);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-ratelimit-remaining')).toBeNull();
    expect((await erin.call('GET', '/api/v1/sessions/i-1/messages')).body.total).toBe(2);
    expect((await erin.call('POST', '/api/v1/memory/ingest', round('i-1', { user_message: 'other' }), headers)).status).toBe(409);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('39');
  });

  it('answers 429 with Retry-After and rate-limit headers once the daily quota is spent; reads still work', async () => {
    const fay = await server.newUser('fay');
    const results = await Promise.all(Array.from({ length: 45 }, (_, i) => fay.call('POST', '/api/v1/memory/ingest', round(`quota-${i % 3}`))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(40);
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.body.detail).toMatch(/quota/i);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('40');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect((await fay.call('POST', '/api/v1/memory/generated', { session_id: 'quota-0', assistant_message: 'x' })).status).toBe(429);
    expect((await fay.call('GET', '/api/v1/sessions/quota-0/messages')).status).toBe(200);
  });
});

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate on every protected endpoint without a valid key', async () => {
    const protectedCalls: Array<[string, string]> = [
      ['POST', '/api/v1/memory/ingest'], ['POST', '/api/v1/memory/generated'], ['POST', '/api/v1/projects'],
      ['PATCH', '/api/v1/projects/x'], ['GET', '/api/v1/projects/x/sources'], ['GET', '/api/v1/sessions/x/messages'],
      ['DELETE', '/api/v1/sessions/x'], ['POST', '/api/v1/sessions/x/restore'], ['POST', '/api/v1/sessions/clear-all'],
      ['GET', '/api/v1/dashboard/activity'], ['GET', '/api/v1/dashboard/provenance'],
    ];
    for (const [method, path] of protectedCalls) {
      for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer mcx_unknown']) {
        const response = await fetch(`${server.url}${path}`, { method, headers: authorization ? { authorization } : {} });
        expect(response.status, `${method} ${path} ${authorization}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
        expect(await response.json()).toHaveProperty('detail');
      }
    }
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/connectors`)).status).toBe(200);
  });
});
