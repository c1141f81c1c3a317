import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';
import { startOpenAiEmbeddingsServer, type OpenAiEmbeddingsServer } from '../../packages/embeddings/test/openai-server.js';
import { startTestServer, type TestServer } from './server.js';

const ROOT = resolve(import.meta.dirname, '../..');

let embeddings: OpenAiEmbeddingsServer;
beforeAll(async () => {
  embeddings = await startOpenAiEmbeddingsServer();
});
afterAll(async () => {
  await embeddings?.close();
});

describe('the service with MEMCTX_EMBEDDINGS_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MEMCTX_EMBEDDINGS_URL: embeddings.url, MEMCTX_EMBEDDINGS_BATCH_SIZE: '8' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('embeds rounds and SIP queries through the endpoint, and finds a round by meaning', async () => {
    const user = await server.newUser('remote-embeddings');
    await user.call('POST', '/api/v1/memory/ingest', { session_id: 's', user_message: 'My oven runs twenty degrees hot.', assistant_message: 'Noted.' });
    await user.call('POST', '/api/v1/memory/ingest', { session_id: 's', user_message: 'I am flying to Lisbon in March.', assistant_message: 'Nice!' });
    await expect.poll(async () => (await user.call('GET', '/api/v1/memory/records')).body.records.every((r: { embedded: boolean }) => r.embedded), { timeout: 30_000 }).toBe(true);
    expect(embeddings.requests.some((r) => r.input.some((text) => text.includes('My oven runs twenty degrees hot.')))).toBe(true);

    // No word in common with either round: the similarity of each cited line comes from the vectors alone.
    const sip = await user.call('POST', '/api/v1/sip/build', { query: 'Is my stove heating too much?' });
    const similarity = (word: string) => sip.body.sip_sections.active_context.find((line: { text: string }) => line.text.includes(word))?.similarity;
    // The far round is either left out (no query word, far by meaning) or shown well below the close one.
    const lisbon = similarity('Lisbon') as number | undefined;
    expect(similarity('oven')).toBeGreaterThan((lisbon ?? 0) + 0.15);
    expect(embeddings.requests.some((r) => r.input.some((text) => text.endsWith('Is my stove heating too much?')))).toBe(true);
  });
});

describe('a process whose endpoint answers vectors of another width', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('embeddings_width');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('stops at start with one line and exit code 2', async () => {
    embeddings.dimensions = 768;
    const main = promisify(execFile)(process.execPath, ['--conditions=@memctx/source', '--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: ROOT,
      timeout: 60_000,
      env: { PATH: process.env.PATH ?? '', PORT: '0', MEMCTX_DATABASE_URL: database.url, MEMCTX_EMBEDDINGS_URL: embeddings.url, MEMCTX_LOG_LEVEL: 'silent' },
    });
    const exit = await main.then(() => ({ code: 0, stderr: '' }), (error: { code: number; stderr: string }) => error);
    embeddings.dimensions = undefined;
    expect(exit.code).toBe(2);
    expect(exit.stderr.split('\n').filter(Boolean)).toEqual([
      `memctx: the embeddings endpoint ${embeddings.url}/v1/embeddings answers 768-dimensional vectors for model Xenova/all-MiniLM-L6-v2; the vector index holds 384 (set MEMCTX_EMBEDDING_MODEL to a model of 384 dimensions)`,
    ]);
  });
});
