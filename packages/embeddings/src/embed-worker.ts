import { parentPort, workerData } from 'node:worker_threads';
import { createTransformersEmbedder, type TransformersEmbedderOptions } from './transformers.js';
import type { WorkerReply, WorkerRequest } from './worker-embedder.js';

// The thread of ./worker-embedder.ts: the only place in the process that loads the model.
const port = parentPort!;
const embedder = await createTransformersEmbedder(workerData as TransformersEmbedderOptions).catch((error: unknown) => {
  port.postMessage({ id: 0, error: String((error as Error).message ?? error) } satisfies WorkerReply);
  throw error;
});
port.postMessage({ id: 0, ready: true } satisfies WorkerReply);

port.on('message', (request: WorkerRequest) => {
  if (request.kind === 'close') {
    void embedder.close().finally(() => port.close());
    return;
  }
  const work = request.kind === 'query' ? embedder.embedQuery(request.texts[0]!).then((v) => [v]) : embedder.embedDocuments(request.texts);
  work.then(
    (vectors) => port.postMessage({ id: request.id, vectors } satisfies WorkerReply, vectors.map((v) => v.buffer as ArrayBuffer)),
    (error: unknown) => port.postMessage({ id: request.id, error: String((error as Error).message ?? error) } satisfies WorkerReply),
  );
});
