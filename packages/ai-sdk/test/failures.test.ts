import { generateText, streamText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemctxClient } from '@memctx/client';
import { closedPortUrl, failingService, type FailingService } from '../../../test/e2e/unreachable.js';
import { memctxMemory, memctxMetadata } from '../src/index.js';
import { mockModel, systemMessages } from './model.js';

// A memctx that is down or failing must cost the model call its memory, never the call itself.
describe('memctxMemory when memctx fails', () => {
  let failing: FailingService;
  beforeAll(async () => {
    failing = await failingService();
  });
  afterAll(async () => {
    await failing?.close();
  });

  const memoryAt = (baseUrl: string, errors: Array<[string, unknown]>) =>
    memctxMemory({ client: createMemctxClient({ baseUrl, apiKey: 'mcx_unused' }), sessionId: 's', onError: (error, stage) => errors.push([stage, error]) });

  it('generates without memory when nothing listens, and reports both failed calls', async () => {
    const errors: Array<[string, unknown]> = [];
    const model = mockModel('Hello!');
    const result = await generateText({ model: wrapLanguageModel({ model, middleware: memoryAt(await closedPortUrl(), errors) }), prompt: 'Hi' });

    expect(result.text).toBe('Hello!');
    expect(systemMessages(model)).toEqual([]);
    expect(memctxMetadata(result.providerMetadata)).toMatchObject({ citations: [], roundId: null });
    expect(errors.map(([stage]) => stage)).toEqual(['sip', 'ingest']);
    expect(String((errors[0]?.[1] as Error).cause)).toContain('ECONNREFUSED');
  });

  it('streams without memory when nothing listens', async () => {
    const errors: Array<[string, unknown]> = [];
    const model = mockModel('Hello there, friend.');
    const result = streamText({ model: wrapLanguageModel({ model, middleware: memoryAt(await closedPortUrl(), errors) }), prompt: 'Hi' });
    expect(await result.text).toBe('Hello there, friend.');
    expect(memctxMetadata(await result.providerMetadata)?.roundId).toBeNull();
    expect(errors.map(([stage]) => stage)).toEqual(['sip', 'ingest']);
  });

  it('on 5xx: goes on without memory, and posts the round once more under the same Idempotency-Key', async () => {
    const errors: Array<[string, unknown]> = [];
    const model = mockModel('Hello!');
    const result = await generateText({ model: wrapLanguageModel({ model, middleware: memoryAt(failing.url, errors) }), prompt: 'Hi' });

    expect(result.text).toBe('Hello!');
    expect(errors.map(([stage, error]) => `${stage}: ${(error as Error).message}`)).toEqual(['sip: 500: Internal Server Error', 'ingest: 500: Internal Server Error']);
    const ingests = failing.requests.filter((r) => r.path === '/api/v1/memory/ingest');
    expect(ingests).toHaveLength(2);
    expect(ingests[0]?.headers['idempotency-key']).toBeTruthy();
    expect(ingests[1]?.headers['idempotency-key']).toBe(ingests[0]?.headers['idempotency-key']);
  });

  it('gives up on a memctx that does not answer within timeoutMs', async () => {
    const errors: Array<[string, unknown]> = [];
    const hanging = createMemctxClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', fetch: () => new Promise<Response>(() => {}) });
    const model = mockModel('Hello!');
    const middleware = memctxMemory({ client: hanging, sessionId: 's', timeoutMs: 50, onError: (error, stage) => errors.push([stage, error]) });
    const result = await generateText({ model: wrapLanguageModel({ model, middleware }), prompt: 'Hi' });
    expect(result.text).toBe('Hello!');
    expect(errors.map(([stage, error]) => `${stage}: ${(error as Error).message}`)).toEqual([
      'sip: memctx SIP build took longer than 50 ms',
      'ingest: memctx ingest took longer than 50 ms',
    ]);
  });
});
