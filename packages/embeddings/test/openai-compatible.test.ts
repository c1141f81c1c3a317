import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StartupError } from '@memctx/shared';
import { createOpenAiCompatibleEmbedder, createTransformersEmbedder, embeddingsEndpoint, type Embedder, type OpenAiCompatibleEmbedderOptions } from '../src/index.js';
import { closedPortUrl } from '../../../test/e2e/unreachable.js';
import { MODELS_DIR } from './model.js';
import { startOpenAiEmbeddingsServer, type OpenAiEmbeddingsServer } from './openai-server.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const MODEL = 'Xenova/all-MiniLM-L6-v2';

let local: Embedder;
let server: OpenAiEmbeddingsServer;
beforeAll(async () => {
  local = await createTransformersEmbedder({ modelsDir: MODELS_DIR });
  server = await startOpenAiEmbeddingsServer(local);
});
afterAll(async () => {
  await server?.close();
  await local?.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.script.length = 0;
  server.dimensions = undefined;
});

const remote = (options: Partial<OpenAiCompatibleEmbedderOptions> = {}) =>
  createOpenAiCompatibleEmbedder({ url: server.url, modelId: MODEL, dimensions: 384, backoffMs: 5, ...options });

describe('the OpenAI-compatible embedder', () => {
  it('gives the vectors of the local model, documents and queries alike', async () => {
    const embedder = await remote();
    const texts = ['The oven runs twenty degrees hot.', 'A train to Lisbon in March'];
    const [viaServer, here] = [await embedder.embedDocuments(texts), await local.embedDocuments(texts)];
    viaServer.forEach((v, i) => {
      expect(v).toHaveLength(384);
      expect(dot(v, v)).toBeCloseTo(1, 4);
      expect(dot(v, here[i]!)).toBeGreaterThan(0.98);
    });
    expect(dot(await embedder.embedQuery('how hot is the oven'), await local.embedQuery('how hot is the oven'))).toBeGreaterThan(0.98);
  });

  it('checks the width at start, then sends documents in batches, in order, with the model and the key', async () => {
    const embedder = await remote({ batchSize: 4, apiKey: 'sk-test' });
    const texts = Array.from({ length: 10 }, (_, i) => `note number ${i} about ${['tea', 'sailing', 'taxes'][i % 3]}`);
    const vectors = await embedder.embedDocuments(texts);
    expect(server.requests.map((r) => r.input.length)).toEqual([1, 4, 4, 2]);
    expect(server.requests.every((r) => r.model === MODEL && r.headers.authorization === 'Bearer sk-test')).toBe(true);
    const [alone] = await local.embedDocuments([texts[7]!]);
    expect(dot(vectors[7]!, alone!)).toBeGreaterThan(0.98);
  });

  it('asks concurrent queries in one request', async () => {
    const embedder = await remote();
    server.requests.length = 0;
    await Promise.all(['a', 'b', 'c'].map((q) => embedder.embedQuery(q)));
    expect(server.requests.map((r) => r.input.length)).toEqual([3]);
  });

  it("sends e5's instructions as the local model runs them: passage before a document, query before a query", async () => {
    const embedder = await remote({ modelId: 'intfloat/e5-small-v2' });
    server.requests.length = 0;
    await embedder.embedDocuments(['The oven runs hot.']);
    await embedder.embedQuery('how hot is the oven');
    expect(server.requests.map((r) => r.input)).toEqual([['passage: The oven runs hot.'], ['query: how hot is the oven']]);
  });

  it('tries again after a 429 (waiting its Retry-After) and after 5xx answers', async () => {
    const embedder = await remote();
    server.script.push({ status: 429, retryAfter: '0' }, { status: 503 }, { status: 502 });
    const [vector] = await embedder.embedDocuments(['retried']);
    expect(vector).toHaveLength(384);
    expect(server.requests.slice(1).map((r) => r.input)).toEqual([['retried'], ['retried'], ['retried'], ['retried']]);
  });

  it('tries again after a request that times out, and gives up after its retries with the reason', async () => {
    const embedder = await remote({ timeoutMs: 200, retries: 1 });
    server.script.push('hang');
    expect(await embedder.embedDocuments(['slow once'])).toHaveLength(1);
    server.script.push('hang', 'hang');
    await expect(embedder.embedDocuments(['slow twice'])).rejects.toThrow(`embeddings endpoint ${server.url}/v1/embeddings: no answer within 200 ms (after 2 attempts)`);
  });

  it('gives up on a lasting 5xx after its retries, and at once on another 4xx', async () => {
    const embedder = await remote({ retries: 2 });
    server.script.push({ status: 500 }, { status: 500 }, { status: 500 });
    await expect(embedder.embedDocuments(['x'])).rejects.toThrow(/: HTTP 500 \(\{"error":\{"message":"scripted 500"\}\}\) \(after 3 attempts\)$/);
    server.requests.length = 0;
    server.script.push({ status: 400 });
    await expect(embedder.embedDocuments(['x'])).rejects.toThrow(/: HTTP 400 \(.*scripted 400.*\)$/);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses at start a server of another width, in one line', async () => {
    server.dimensions = 768;
    const failure = await remote().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StartupError);
    expect((failure as Error).message).toBe(
      `the embeddings endpoint ${server.url}/v1/embeddings answers 768-dimensional vectors for model ${MODEL}; the vector index holds 384 (set MEMCTX_EMBEDDING_MODEL to a model of 384 dimensions)`,
    );
  });

  it('refuses at start an endpoint it cannot reach', async () => {
    const url = await closedPortUrl();
    const failure = await createOpenAiCompatibleEmbedder({ url, modelId: MODEL, dimensions: 384, retries: 1, backoffMs: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StartupError);
    expect((failure as Error).message).toBe(`cannot embed through ${url}/v1/embeddings: ECONNREFUSED (after 2 attempts)`);
  });

  it('takes a base address, a /v1 base or the full endpoint', () => {
    expect(embeddingsEndpoint('http://tei:8080')).toBe('http://tei:8080/v1/embeddings');
    expect(embeddingsEndpoint('https://api.openai.com/v1/')).toBe('https://api.openai.com/v1/embeddings');
    expect(embeddingsEndpoint('http://ollama:11434/v1/embeddings')).toBe('http://ollama:11434/v1/embeddings');
  });
});
