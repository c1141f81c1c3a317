import { sessionStream } from '@memctx/domain';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, useRouteFixture, validationErrorAt } from './fixture.js';

const fixture = useRouteFixture({ dailyQuota: 6 });
const ingest = (user: typeof ALICE | typeof BOB, json: unknown, headers: Record<string, string> = {}) =>
  fixture().as(user, '/api/v1/memory/ingest', { method: 'POST', json, headers });
const eventsOf = async (type: string) => (await fixture().events()).filter((event) => event.type === type);

describe('POST /api/v1/memory/ingest', () => {
  it('stores the round in the caller’s session stream and answers with its id, quota and position', async () => {
    const response = await ingest(ALICE, { session_id: 'm-1', user_message: 'I live in Lyon', assistant_message: 'Noted.' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ records_written: 1, round_id: expect.any(String), status: 'stored' });
    const [event] = (await eventsOf('RoundIngested')).filter((e) => e.data.round_id === response.body.round_id);
    expect(event).toMatchObject({
      stream_id: sessionStream(ALICE, 'm-1'),
      data: { user_id: ALICE, session_id: 'm-1', user_message: 'I live in Lyon', assistant_message: 'Noted.' },
    });
    expect(response.headers.get('x-ratelimit-limit')).toBe('6');
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeLessThan(6);
    expect(response.headers.get('x-memctx-position')).toBe(`${event!.transaction_id}.${event!.global_position}`);
  });

  it('answers 422 in the validation shape for a body without the user side', async () => {
    expect(await ingest(ALICE, { session_id: 'm-1', assistant_message: 'x' })).toMatchObject(validationErrorAt('body', 'user_message'));
    expect(await ingest(ALICE, { session_id: '', user_message: 'u', assistant_message: 'a' })).toMatchObject(validationErrorAt('body', 'session_id'));
  });

  it('answers 401 without a key, and writes nothing', async () => {
    const before = (await fixture().events()).length;
    const response = await fetch(`${fixture().app.url}/api/v1/memory/ingest`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session_id: 'm-x', user_message: 'u', assistant_message: 'a' }),
    });
    expect(response.status).toBe(401);
    expect((await fixture().events()).length).toBe(before);
  });

  it('keeps two users’ equal session ids apart, and answers 404 for another user’s project', async () => {
    const mine = await ingest(ALICE, { session_id: 'shared', user_message: 'alice here', assistant_message: '' });
    const theirs = await ingest(BOB, { session_id: 'shared', user_message: 'bob here', assistant_message: '' });
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    const rounds = await eventsOf('RoundIngested');
    expect(rounds.find((e) => e.data.round_id === theirs.body.round_id)?.stream_id).toBe(sessionStream(BOB, 'shared'));
    expect(rounds.filter((e) => e.stream_id === sessionStream(ALICE, 'shared')).map((e) => e.data.user_message)).toEqual(['alice here']);

    const { projectId } = await fixture().service.createProject(BOB, 'Bob only');
    expect((await ingest(ALICE, { session_id: 'm-2', project_id: projectId, user_message: 'u', assistant_message: 'a' })).status).toBe(404);
  });

  it('runs a retried Idempotency-Key once and refuses the key with another body', async () => {
    const body = { session_id: 'm-3', user_message: 'once', assistant_message: 'only' };
    const first = await ingest(ALICE, body, { 'Idempotency-Key': 'k-1' });
    const again = await ingest(ALICE, body, { 'Idempotency-Key': 'k-1' });
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect((await eventsOf('RoundIngested')).filter((e) => e.data.user_message === 'once')).toHaveLength(1);
    expect(await ingest(ALICE, { ...body, user_message: 'other' }, { 'Idempotency-Key': 'k-1' })).toMatchObject({ status: 409 });
  });
});

describe('POST /api/v1/memory/generated', () => {
  it('stores the statement as AI_GENERATED and answers with its record id', async () => {
    const response = await fixture().as(ALICE, '/api/v1/memory/generated', { method: 'POST', json: { session_id: 'm-4', assistant_message: 'You may like jazz.' } });
    expect(response).toMatchObject({ status: 200, body: { provenance: 'AI_GENERATED', records_written: 1, status: 'stored', record_id: expect.any(String) } });
    const [event] = (await eventsOf('GeneratedStatementRecorded')).filter((e) => e.data.record_id === response.body.record_id);
    expect(event).toMatchObject({ stream_id: sessionStream(ALICE, 'm-4'), data: { assistant_message: 'You may like jazz.', user_message: '' } });
  });

  it('answers 422 for an empty statement', async () => {
    const response = await fixture().as(ALICE, '/api/v1/memory/generated', { method: 'POST', json: { session_id: 'm-4', assistant_message: '' } });
    expect(response).toMatchObject(validationErrorAt('body', 'assistant_message'));
  });

  it('answers 429 with Retry-After once the caller’s daily quota is spent, while another user still writes', async () => {
    let last = await ingest(BOB, { session_id: 'q', user_message: 'spend', assistant_message: '' });
    for (let i = 0; i < 6 && last.status === 200; i++) last = await fixture().as(BOB, '/api/v1/memory/generated', { method: 'POST', json: { session_id: 'q', assistant_message: `s${i}` } });
    expect(last.status).toBe(429);
    expect(last.body.detail).toMatch(/quota of 6/);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await ingest(ALICE, { session_id: 'q', user_message: 'still', assistant_message: '' })).status).toBe(200);
  });
});
