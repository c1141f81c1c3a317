import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

// The projector lets appends gather for ten seconds after a short batch, far past what a test may wait: a SIP asked
// right after a round must not wait that out.
let service: TestServer;

beforeAll(async () => {
  service = await startTestServer({ MEMCTX_EMBEDDINGS: 'off', MEMCTX_PROJECTOR_GATHER_MS: '10000' });
});
afterAll(() => service?.stop());

describe('read-your-writes', () => {
  it('a SIP asked right after a round cites it at once, though the projector is gathering appends', async () => {
    const user = await service.newUser('ryw');
    const post = (user_message: string) =>
      user.call('POST', '/api/v1/memory/ingest', { session_id: 'ryw-1', user_message, assistant_message: 'Noted.' });
    // The first round ends the projector's idle sleep and starts its gather.
    expect((await post('We adopted a greyhound called Pixel last spring.')).status).toBe(200);
    expect((await user.call('POST', '/api/v1/sip/build', { query: 'What is my dog called?' })).body.sip).toContain('Pixel');
    expect((await post('My sister Marisol moved to Valparaiso in June.')).status).toBe(200);
    const started = performance.now();
    const built = await user.call('POST', '/api/v1/sip/build', { query: 'Where did Marisol move?' });
    const waited = performance.now() - started;
    expect(built.status).toBe(200);
    expect(built.headers.get('x-memctx-stale')).toBeNull();
    expect(built.body.sip).toContain('Valparaiso');
    expect(waited).toBeLessThan(5_000);
  });
});
