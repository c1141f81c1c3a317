import { settingDefault, StartupError } from '@memctx/shared';
import type { Embedder } from './embedder.js';
import { profileOf } from './models.js';
import { createMicroBatcher } from './micro-batch.js';

export interface OpenAiCompatibleEmbedderOptions {
  /** The API's base (`http://tei:8080`, `http://ollama:11434/v1`) or its full `.../embeddings` address. */
  url: string;
  /** Sent as `Authorization: Bearer <key>` (hosted APIs); local servers need none. */
  apiKey?: string;
  /** The `model` of each request, and the cache's key: vectors of another model are never mixed in. */
  modelId: string;
  /** What the vector index holds: a server answering another width stops the process at start. */
  dimensions: number;
  batchSize?: number;
  /** One request, from sending to the whole answer. */
  timeoutMs?: number;
  /** Further attempts after a timeout, a network error, a 429 or a 5xx. */
  retries?: number;
  /** The first retry's wait; each further one doubles it (with jitter), unless the server sends Retry-After. */
  backoffMs?: number;
  queryWindowMs?: number;
  fetch?: typeof fetch;
}

/** `.../embeddings` as given; `.../v1` gets `/embeddings`; a bare base gets `/v1/embeddings`. */
export function embeddingsEndpoint(url: string): string {
  const base = url.replace(/\/+$/, '');
  if (base.endsWith('/embeddings')) return base;
  return base.endsWith('/v1') ? `${base}/embeddings` : `${base}/v1/embeddings`;
}

/** Credentials in the address stay out of messages. */
const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');

/** A failed request, and whether another attempt could succeed. */
class EmbeddingRequestError extends Error {
  constructor(message: string, readonly retryable: boolean, readonly retryAfterMs?: number) {
    super(message);
  }
}

const MAX_RETRY_AFTER_MS = 30_000;

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : undefined;
}

function unit(values: unknown, width: number | undefined): Float32Array {
  if (!Array.isArray(values) || values.length === 0 || values.some((x) => typeof x !== 'number')) throw new EmbeddingRequestError('an embedding is not a list of numbers', false);
  if (width !== undefined && values.length !== width) throw new EmbeddingRequestError(`embeddings of ${values.length} and ${width} dimensions in one answer`, false);
  const norm = Math.hypot(...(values as number[])) || 1;
  return Float32Array.from(values as number[], (x) => x / norm);
}

/**
 * Vectors from an OpenAI-compatible `/v1/embeddings` endpoint (text-embeddings-inference, Ollama, vLLM, hosted APIs),
 * so a platform embeds on its GPUs while memctx stays on CPUs. Documents go in batches; concurrent queries share a
 * request; a request that times out or answers 429/5xx is tried again with backoff. The first call, at start, checks
 * that the vectors fit the index.
 */
export async function createOpenAiCompatibleEmbedder(options: OpenAiCompatibleEmbedderOptions): Promise<Embedder> {
  const endpoint = embeddingsEndpoint(options.url);
  const where = redact(endpoint);
  const {
    batchSize = settingDefault('embeddingsBatchSize'),
    timeoutMs = settingDefault('embeddingsTimeoutMs'),
    retries = settingDefault('embeddingsRetries'),
    backoffMs = 250,
  } = options;
  const fetchImpl = options.fetch ?? fetch;
  const headers = { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };

  async function once(input: string[]): Promise<Float32Array[]> {
    let response: Response;
    try {
      const body = JSON.stringify({ model: options.modelId, input, encoding_format: 'float' });
      response = await fetchImpl(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 200).replace(/\s+/g, ' ');
        const retryable = response.status === 429 || response.status >= 500;
        throw new EmbeddingRequestError(`HTTP ${response.status}${detail ? ` (${detail})` : ''}`, retryable, retryAfterOf(response));
      }
      const answer = (await response.json()) as { data?: Array<{ embedding?: unknown; index?: number }> };
      const data = [...(answer.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      if (data.length !== input.length) throw new EmbeddingRequestError(`${data.length} embeddings for ${input.length} inputs`, false);
      const width = Array.isArray(data[0]?.embedding) ? data[0].embedding.length : undefined;
      return data.map((item) => unit(item.embedding, width));
    } catch (error) {
      if (error instanceof EmbeddingRequestError) throw error;
      const timedOut = (error as Error).name === 'TimeoutError';
      // fetch says "fetch failed"; its cause says why (ECONNREFUSED, a bad port, ...).
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = timedOut ? `no answer within ${timeoutMs} ms` : (cause?.code ?? cause?.message ?? (error as Error).message);
      throw new EmbeddingRequestError(reason, true);
    }
  }

  async function request(input: string[]): Promise<Float32Array[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(input);
      } catch (error) {
        const failure = error as EmbeddingRequestError;
        if (!failure.retryable || attempt >= retries) {
          throw new Error(`embeddings endpoint ${where}: ${failure.message}${attempt > 0 ? ` (after ${attempt + 1} attempts)` : ''}`, { cause: error });
        }
        const wait = failure.retryAfterMs ?? backoffMs * 2 ** attempt * (0.5 + Math.random() / 2);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  // The same instructions as the local model, so a server running bge or e5 gives the vectors the local model would.
  const { queryPrefix, documentPrefix } = profileOf(options.modelId);
  const documents = async (texts: string[]) => {
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += batchSize) vectors.push(...(await request(texts.slice(i, i + batchSize).map((text) => documentPrefix + text))));
    return vectors;
  };
  const queries = createMicroBatcher(request, { windowMs: options.queryWindowMs, maxBatch: batchSize });

  let probe: Float32Array | undefined;
  try {
    [probe] = await request(['memctx dimension check']);
  } catch (error) {
    throw new StartupError(`cannot embed through ${(error as Error).message.replace(/^embeddings endpoint /, '')}`, { cause: error });
  }
  if (probe!.length !== options.dimensions) {
    throw new StartupError(
      `the embeddings endpoint ${where} answers ${probe!.length}-dimensional vectors for model ${options.modelId}; the vector index holds ${options.dimensions} (set MEMCTX_EMBEDDING_MODEL to a model of ${options.dimensions} dimensions)`,
    );
  }

  return {
    model: options.modelId,
    dimensions: options.dimensions,
    embedDocuments: documents,
    embedQuery: (text) => queries(queryPrefix + text),
    close: async () => undefined,
  };
}
