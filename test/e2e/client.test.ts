import { createMemctxClient, MemctxApiError, MIN_POSITION_HEADER } from '@memctx/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('@memctx/client against the real server', () => {
  it('sends Idempotency-Key on ingests and the newest write position on later requests', async () => {
    const user = await server.newUser('client');
    const sent: Headers[] = [];
    const client = createMemctxClient({
      baseUrl: server.url,
      apiKey: user.key,
      fetch: (input, init) => {
        // openapi-fetch hands over a ready Request.
        sent.push(input instanceof Request ? input.headers : new Headers(init?.headers));
        return fetch(input, init);
      },
    });
    const first = await client.ingestRound({ session_id: 'c-1', user_message: 'hello', assistant_message: '' }, { idempotencyKey: 'k-1' });
    expect(sent[0]!.get('Idempotency-Key')).toBe('k-1');
    expect(sent[0]!.has(MIN_POSITION_HEADER)).toBe(false);
    expect(client.position()).toMatch(/^\d+\.\d+$/);

    // The retry answers the first response; the same key with another body is the API's 409, thrown typed.
    expect(await client.ingestRound({ session_id: 'c-1', user_message: 'hello', assistant_message: '' }, { idempotencyKey: 'k-1' })).toEqual(first);
    const conflict = await client.ingestRound({ session_id: 'c-1', user_message: 'other', assistant_message: '' }, { idempotencyKey: 'k-1' }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(MemctxApiError);
    expect(conflict).toMatchObject({ status: 409, detail: expect.stringContaining('Idempotency-Key') });

    // Without a key each ingest gets a fresh one.
    await client.ingestRound({ session_id: 'c-1', user_message: 'again', assistant_message: '' });
    expect(sent.at(-1)!.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    const messages = await client.listSessionMessages('c-1');
    expect(sent.at(-1)!.get(MIN_POSITION_HEADER)).toBe(client.position());
    expect(messages.total).toBe(2);
  });

  it('throws 401 and 404 with their detail', async () => {
    const bad = createMemctxClient({ baseUrl: server.url, apiKey: 'mcx_not-a-key' });
    await expect(bad.listProjects()).rejects.toMatchObject({ status: 401, detail: 'Invalid or revoked API key' });
    const user = await server.newUser('client-404');
    const client = createMemctxClient({ baseUrl: server.url, apiKey: user.key });
    await expect(client.restoreSession('never-was')).rejects.toMatchObject({ status: 404, message: '404: Not Found' });
  });
});
