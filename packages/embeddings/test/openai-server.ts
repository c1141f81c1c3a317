import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createTransformersEmbedder, type Embedder } from '../src/index.js';
import { MODELS_DIR } from './model.js';

/** What the server does with the next request, in order; once the script is used up it answers normally. */
export type Step = { status: number; retryAfter?: string } | 'hang' | 'ok';

export interface OpenAiEmbeddingsServer {
  url: string;
  /** Each request's inputs and headers, in order. */
  requests: Array<{ input: string[]; model: string; headers: IncomingHttpHeaders }>;
  script: Step[];
  /** Pads (or cuts) every vector to this width: a server of another model. */
  dimensions?: number;
  close(): Promise<void>;
}

/**
 * A small OpenAI-compatible `/v1/embeddings` server that answers with the project's own local model's vectors
 * (the same model the service runs), so what goes through it can be compared with the local embedder.
 */
export async function startOpenAiEmbeddingsServer(local?: Embedder): Promise<OpenAiEmbeddingsServer> {
  const embedder = local ?? (await createTransformersEmbedder({ modelsDir: MODELS_DIR }));
  const hanging = new Set<() => void>();
  const state: Omit<OpenAiEmbeddingsServer, 'url' | 'close'> = { requests: [], script: [] };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end();
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      state.requests.push({ input, model, headers: req.headers });
      const step = state.script.shift() ?? 'ok';
      if (step === 'hang') return void hanging.add(() => res.destroy());
      if (step !== 'ok') {
        res.writeHead(step.status, { 'content-type': 'application/json', ...(step.retryAfter ? { 'retry-after': step.retryAfter } : {}) });
        return void res.end(JSON.stringify({ error: { message: `scripted ${step.status}` } }));
      }
      embedder.embedDocuments(input).then((vectors) => {
        const width = state.dimensions ?? vectors[0]?.length ?? 0;
        const data = vectors.map((v, index) => ({ object: 'embedding', index, embedding: Array.from({ length: width }, (_, i) => v[i] ?? 0) }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', model, data }));
      }, (error: Error) => res.writeHead(500).end(error.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return Object.assign(state, {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    async close() {
      hanging.forEach((end) => end());
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!local) await embedder.close();
    },
  });
}
