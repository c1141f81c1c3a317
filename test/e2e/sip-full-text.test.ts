import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './server.js';

/*
 * The answerability rule when no record has a vector: with embeddings off (or before the embedder reaches a
 * round) the fitted model has no similarity to weigh, and the SIP is grounded only when one turn states the
 * query's rare words. Unlabelled turns, as most platforms post them.
 */
let server: TestServer;
let user: Client;

beforeAll(async () => {
  server = await startTestServer({ MEMCTX_EMBEDDINGS: 'off' });
  user = await server.newUser('fulltext');
  const rounds: Array<[string, string]> = [
    ['I adopted a greyhound called Biscuit from the rescue centre last weekend.', 'Congratulations! Greyhounds are gentle and love a long nap.'],
    ['Thanks for the help earlier!', 'You are welcome, happy to help any time.'],
    ['Can you suggest a quick pasta dinner?', 'Try aglio e olio: garlic, olive oil, chilli and parsley, ready in fifteen minutes.'],
  ];
  for (const [user_message, assistant_message] of rounds) {
    const posted = await user.call('POST', '/api/v1/memory/ingest', { session_id: 'home', user_message, assistant_message, timestamp: '2025-03-01T10:00:00Z' });
    expect(posted.status).toBe(200);
  }
});
afterAll(() => server.stop());

const build = (query: string) => user.call('POST', '/api/v1/sip/build', { query });

describe('grounded and abstain on full text alone', () => {
  it('says embeddings are off in health, so the rule below is the one in force', async () => {
    const health = await (await fetch(`${server.url}/api/v1/health`)).json();
    expect(JSON.stringify(health.checks.embeddings)).toContain('off');
  });

  it('grounds a question whose rare words one turn states, citing that turn', async () => {
    const { status, body } = await build('Which greyhound did I adopt from the rescue centre?');
    expect(status).toBe(200);
    expect(body).toMatchObject({ grounded: true, abstain: false });
    expect(body.answerability.signals.embedded).toBe(0);
    expect(body.sip).toContain('Biscuit');
  });

  it('abstains on a question about something never said, with a short SIP', async () => {
    const { status, body } = await build('What is my blood type?');
    expect(status).toBe(200);
    expect(body).toMatchObject({ grounded: false, abstain: true });
    expect(body.answerability.signals.embedded).toBe(0);
    // No record states a word of the question and none has a vector to be near it by: none is "closest".
    expect(body.citations).toEqual([]);
    // Still a line that says so, for a client that pastes the SIP into the prompt without reading the flags.
    expect(body.sip).toMatch(/^Memory context\. Nothing in memory answers this query; say so rather than guess\.$/);
    expect(body.sip).not.toContain('aglio e olio');
    expect(body.tokens_sip).toBeLessThanOrEqual(150);
  });
});
