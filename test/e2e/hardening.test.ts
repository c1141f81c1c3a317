import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type Client, type TestServer } from './server.js';

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
const QUOTA = 500;

let server: TestServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer({ MEMCTX_METRICS_TOKEN: METRICS_TOKEN, MEMCTX_DAILY_INGEST_QUOTA: String(QUOTA), MEMCTX_EMBEDDINGS: 'off' });
  alice = await server.newUser('hardening');
});
afterAll(() => server.stop());

const round = (session_id: string, user_message = 'I live in Lisbon') => ({ session_id, user_message, assistant_message: 'Noted.' });
const remainingQuota = async (client: Client) =>
  Number((await client.call('POST', '/api/v1/memory/ingest', round('quota-probe'))).headers.get('x-ratelimit-remaining'));

describe('one request’s bad input is its own', () => {
  it.each([
    ['a NUL character', 'hello \u0000 world', 'a NUL character (U+0000) at index 6'],
    ['an unpaired surrogate', 'hello \ud800', 'an unpaired surrogate (U+D800) at index 6'],
  ])('given 50 concurrent good rounds and one with %s, then all 50 are stored and the bad one is a 422', async (_name, text, reason) => {
    const run = Math.random().toString(36).slice(2, 8);
    const good = Array.from({ length: 50 }, (_, i) => alice.call('POST', '/api/v1/memory/ingest', round(`poison-${run}-${i}`, `good round ${i}`)));
    const bad = alice.call('POST', '/api/v1/memory/ingest', round(`poison-${run}-bad`, text));
    const [answers, rejected] = await Promise.all([Promise.all(good), bad]);

    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(rejected.status).toBe(422);
    expect(rejected.body.detail).toEqual([
      { type: 'string_unstorable', loc: ['body', 'user_message'], msg: `String cannot be stored: it contains ${reason}`, input: text, ctx: { reason } },
    ]);
    const last = await alice.call('GET', `/api/v1/sessions/poison-${run}-49/messages`);
    expect(last.body.messages[0].content).toBe('good round 49');
  });

  it('refuses a NUL in a SIP query, a query parameter and a path parameter with a 422, not a 500', async () => {
    const sip = await alice.call('POST', '/api/v1/sip/build', { query: 'where \u0000' });
    expect(sip.status).toBe(422);
    expect(sip.body.detail[0]).toMatchObject({ type: 'string_unstorable', loc: ['body', 'query'] });
    const provenance = await alice.call('GET', '/api/v1/dashboard/provenance?project_id=a%00b');
    expect(provenance.status).toBe(422);
    expect(provenance.body.detail[0]).toMatchObject({ loc: ['query', 'project_id'] });
    const messages = await alice.call('GET', '/api/v1/sessions/a%00b/messages');
    expect(messages.status).toBe(422);
    expect(messages.body.detail[0]).toMatchObject({ loc: ['path', 'session_id'] });
  });
});

describe('bounds', () => {
  it('answers a huge efficiency window, offset and response time with a 422', async () => {
    const window = await alice.call('GET', '/api/v1/dashboard/efficiency?window_seconds=300000000000');
    expect(window.status).toBe(422);
    expect(window.body.detail[0]).toMatchObject({ type: 'less_than_equal', loc: ['query', 'window_seconds'] });
    expect((await alice.call('GET', '/api/v1/dashboard/efficiency?window_seconds=1576800000')).status).toBe(200);
    expect((await alice.call('GET', '/api/v1/sessions/x/messages?offset=99999999999999999999')).status).toBe(422);
    expect((await alice.call('POST', '/api/v1/memory/ingest', { ...round('rt'), response_time_ms: 1e15 })).status).toBe(422);
  });

  it('answers 1 MB of nested brackets with a json_invalid 422 and an over-limit body with a 413, both in the error shape', async () => {
    const nested = await alice.call('POST', '/api/v1/memory/ingest', '['.repeat(500_000) + ']'.repeat(500_000));
    expect(nested.status).toBe(422);
    expect(nested.body.detail).toEqual([
      { type: 'json_invalid', loc: ['body', 32], msg: 'JSON decode error', input: {}, ctx: { error: 'Nesting deeper than 32 levels' } },
    ]);
    const huge = await alice.call('POST', '/api/v1/memory/ingest', { ...round('big'), user_message: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ detail: 'Request body is larger than the limit of 1mb' });
  });
});

describe('what Node’s HTTP parser refuses', () => {
  it('answers a URL past 16 KB with a 431 and a request it cannot parse with a 400, both as {"detail"} JSON', async () => {
    const long = await fetch(`${server.url}/api/v1/dashboard/activity?x=${'z'.repeat(20_000)}`, { headers: { authorization: `Bearer ${alice.key}` } });
    expect(long.status).toBe(431);
    expect(long.headers.get('content-type')).toBe('application/json');
    expect(await long.json()).toEqual({ detail: 'Request line or headers are larger than the server accepts' });

    const { port, hostname } = new URL(server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('GARBAGE \u0001 HTTP/9.9\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw.endsWith('{"detail":"Malformed HTTP request"}')).toBe(true);
  });
});

describe('Idempotency-Key under concurrency', () => {
  it('given 10 concurrent duplicates with the same body, then one round is stored, all answer its id, and quota is charged once', async () => {
    const before = await remainingQuota(alice);
    const key = `same-${Math.random()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => alice.call('POST', '/api/v1/memory/ingest', round('idem-same'), { 'Idempotency-Key': key })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.round_id)).size).toBe(1);
    expect(await remainingQuota(alice)).toBe(before - 2); // this round and the probe
    const messages = await alice.call('GET', '/api/v1/sessions/idem-same/messages');
    expect(messages.body.total).toBe(2);
  });

  it('given concurrent requests with one key and different bodies, then one is stored and the others are 409s', async () => {
    const key = `diff-${Math.random()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => alice.call('POST', '/api/v1/memory/ingest', round('idem-diff', `body ${i}`), { 'Idempotency-Key': key })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    expect(conflict.body).toEqual({ detail: 'Idempotency-Key was already used with a different request body' });
    const stored = answers.find((a) => a.status === 200)!;
    const messages = await alice.call('GET', '/api/v1/sessions/idem-diff/messages');
    expect(messages.body.total).toBe(2);
    expect(messages.body.messages[0].round_id).toBe(stored.body.round_id);
  });

  it('releases the key when the work fails, so a corrected request with the same key runs', async () => {
    const key = `fail-${Math.random()}`;
    const failed = await alice.call('POST', '/api/v1/memory/ingest', { ...round('idem-fail'), project_id: 'no-such-project' }, { 'Idempotency-Key': key });
    expect(failed.status).toBe(404);
    // Had the failure kept the key, another body would be a 409.
    const corrected = await alice.call('POST', '/api/v1/memory/ingest', round('idem-fail'), { 'Idempotency-Key': key });
    expect(corrected.status).toBe(200);
    const replayed = await alice.call('POST', '/api/v1/memory/ingest', round('idem-fail'), { 'Idempotency-Key': key });
    expect(replayed.body.round_id).toBe(corrected.body.round_id);
  });
});

describe('nothing secret leaks', () => {
  it('a 422 for a missing field of a connector request does not quote the credentials', async () => {
    const answer = await alice.call('POST', '/api/v1/connectors/github/ingest', { credentials: { token: 'ghp_supersecret' }, session_id: 's' });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).not.toContain('ghp_supersecret');
    expect(answer.body.detail).toEqual([{ type: 'missing', loc: ['body', 'external_id'], msg: 'Field required' }]);
  });

  it('/metrics needs the metrics token when one is configured', async () => {
    const open = await fetch(`${server.url}/metrics`);
    expect(open.status).toBe(401);
    expect(open.headers.get('www-authenticate')).toBe('Bearer');
    expect(await open.json()).toEqual({ detail: 'Not authenticated' });
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    const scraped = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('http_request_duration_seconds');
  });

  it('API-key creation answers with Cache-Control: no-store', async () => {
    const created = await fetch(`${server.url}/admin/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'cache-test' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
  });
});
