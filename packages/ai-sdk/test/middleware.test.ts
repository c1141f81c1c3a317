import { generateText, streamText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemctxClient, type MemctxClient } from '@memctx/client';
import { GARDEN_QUERY, gardenClient } from '../../../test/e2e/sip-budget-fixture.js';
import { startService, type Service, type ServiceUser } from '../../../test/e2e/service.js';
import { memctxMemory, memctxMetadata } from '../src/index.js';
import { mockModel, systemMessages } from './model.js';

let server: Service;
let user: ServiceUser;
let memctx: MemctxClient;
/** The Idempotency-Key of every ingest the client sent. */
const ingestKeys: string[] = [];

beforeAll(async () => {
  server = await startService();
  user = await server.newUser('ai-sdk');
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/memory/ingest')) ingestKeys.push(request.headers.get('idempotency-key') ?? '');
    return fetch(request);
  };
  memctx = createMemctxClient({ baseUrl: server.url, apiKey: user.key, fetch: recording });
  await memctx.ingestRound({ session_id: 'earlier', user_message: 'My sister Ana lives in Porto.', assistant_message: 'Noted!' });
});
afterAll(async () => {
  await server?.stop();
});

const messagesOf = async (sessionId: string) => (await user.call('GET', `/api/v1/sessions/${sessionId}/messages`)).body;

describe('memctxMemory with generateText', () => {
  it('puts the SIP in a system message, returns its citations and posts the round with an Idempotency-Key', async () => {
    const model = mockModel('Ana lives in Porto [1].');
    const keysBefore = ingestKeys.length;
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: memctxMemory({ client: memctx, sessionId: 'gen' }) }),
      system: 'You are terse.',
      prompt: 'Where does my sister live?',
    });

    expect(result.text).toBe('Ana lives in Porto [1].');
    expect(model.doGenerateCalls[0]?.prompt.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    const [own, sip] = systemMessages(model);
    expect(own).toBe('You are terse.');
    expect(sip).toContain('[1] My sister Ana lives in Porto.');

    const memory = memctxMetadata(result.providerMetadata);
    expect(memory?.citations[0]).toMatchObject({ index: 1, provenance: 'ROUND', summary: expect.stringContaining('My sister Ana lives in Porto.') });
    expect(memory?.roundId).toEqual(expect.any(String));

    expect(ingestKeys.slice(keysBefore)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    const stored = await messagesOf('gen');
    expect(stored.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'Where does my sister live?'],
      ['assistant', 'Ana lives in Porto [1].'],
    ]);
    // The build was linked to the session: the reply records the SIP it was given.
    expect(stored.messages[1].records_used).toBe(memory?.recordsUsed);
  });

  it('asks memory the custom query and posts nothing with ingest: false', async () => {
    const model = mockModel('Porto.');
    const asked: string[] = [];
    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: memctxMemory({ client: memctx, sessionId: 'no-ingest', ingest: false, query: () => (asked.push('q'), 'sister Ana') }),
      }),
      prompt: 'Remind me, please.',
    });
    expect(asked).toEqual(['q']);
    expect(systemMessages(model)[0]).toContain('My sister Ana lives in Porto.');
    expect(memctxMetadata(result.providerMetadata)?.roundId).toBeNull();
    expect((await user.call('GET', '/api/v1/sessions/no-ingest/messages')).status).toBe(404);
  });
});

describe('memctxMemory with a token budget', () => {
  it('asks for a SIP within tokenBudget and gives the model that smaller SIP', async () => {
    const { client, builds } = await gardenClient(server, 'ai-sdk-budget');
    const ask = async (tokenBudget?: number) => {
      const model = mockModel('Tomatoes, courgettes and herbs.');
      await generateText({ model: wrapLanguageModel({ model, middleware: memctxMemory({ client, sessionId: 'garden-chat', ingest: false, tokenBudget }) }), prompt: GARDEN_QUERY });
      return systemMessages(model)[0];
    };

    const fullSip = await ask();
    const smallSip = await ask(120);

    const [full, small] = builds;
    expect(full?.request.token_budget).toBeNull();
    expect(small?.request.token_budget).toBe(120);
    expect(small?.response).toMatchObject({ token_budget: 120, sip: smallSip });
    expect(small?.response.tokens_sip).toBeLessThanOrEqual(120);
    expect(small?.response.records_used).toBeGreaterThanOrEqual(1);
    expect(full?.response.sip).toBe(fullSip);
    expect(full?.response.tokens_sip).toBeGreaterThan(120);
  });
});

describe('memctxMemory with streamText', () => {
  it('streams the reply, then posts the collected text and gives the citations in the provider metadata', async () => {
    const model = mockModel('Your sister Ana lives in Porto, as you told me [1].');
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: memctxMemory({ client: memctx, sessionId: 'stream' }) }),
      prompt: 'Where does my sister live?',
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas.length).toBeGreaterThan(5);
    // The same user's round of the test before is newer, so it may come first.
    expect(systemMessages(model)[0]).toMatch(/\[\d\] My sister Ana lives in Porto\./);
    const memory = memctxMetadata(await result.providerMetadata);
    expect(memory?.citations.map((c) => c.summary)).toContainEqual(expect.stringContaining('My sister Ana lives in Porto.'));
    expect(memory?.roundId).toEqual(expect.any(String));

    const stored = await messagesOf('stream');
    expect(stored.messages[1]).toMatchObject({ role: 'assistant', content: 'Your sister Ana lives in Porto, as you told me [1].', round_id: memory?.roundId });
  });
});
