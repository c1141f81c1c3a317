import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './server.js';

/*
 * The same query asked again, as agents do on every turn: the API keeps the full-text half of an answer while the
 * scope is unchanged, so each answer must still follow every write between two asks (a new round, a deleted or
 * restored session) as a client sees it over HTTP.
 */
let server: TestServer;
let user: Client;

beforeAll(async () => {
  // Full text and recency alone: no vector search to find what a stale full-text answer would miss.
  server = await startTestServer({ MEMCTX_EMBEDDINGS: 'off' });
  user = await server.newUser('repeat');
});
afterAll(() => server.stop());

const ingest = async (session_id: string, user_message: string, assistant_message: string) => {
  const { status, body } = await user.call('POST', '/api/v1/memory/ingest', { session_id, user_message, assistant_message });
  expect(status).toBe(200);
  return body.round_id as string;
};
const cited = async (query: string) => {
  const { status, body } = await user.call('POST', '/api/v1/sip/build', { query });
  expect(status).toBe(200);
  return (body.citations as { record_id: string }[]).map((c) => c.record_id);
};

describe('a query asked again', () => {
  it('follows each write between two asks', async () => {
    await ingest('chat', 'what should I cook tonight?', 'A quick risotto would work.');
    const query = 'Which trombone did I buy?';
    expect(await cited(query)).toEqual(await cited(query));

    const bought = await ingest('music', 'I bought a Bach Stradivarius trombone today', 'Lovely instrument, enjoy it.');
    expect(await cited(query)).toContain(bought);

    expect((await user.call('DELETE', '/api/v1/sessions/music')).status).toBe(204);
    expect(await cited(query)).not.toContain(bought);

    expect((await user.call('POST', '/api/v1/sessions/music/restore')).status).toBe(200);
    expect(await cited(query)).toContain(bought);
  });
});
