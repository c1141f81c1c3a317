import { Worker } from 'node:worker_threads';
import { DEFAULT_EMBEDDING_MODEL, type Embedder } from './embedder.js';
import { LOCAL_MODEL_WIDTH } from './models.js';
import type { TransformersEmbedderOptions } from './transformers.js';

export type WorkerRequest = { id: number; kind: 'documents' | 'query'; texts: string[] } | { id: number; kind: 'close' };
export type WorkerReply = { id: number; vectors?: Float32Array[]; error?: string; ready?: boolean };

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (vectors: Float32Array[]) => void; reject: (error: Error) => void }>;
}

// The worker's module is beside this one: compiled (.js), or, run from source (tests, benchmarks), TypeScript that the
// thread loads through tsx's loader, registered in the thread itself (a worker does not take --import).
const fromSource = import.meta.url.endsWith('.ts');
const workerModule = new URL(fromSource ? './embed-worker.ts' : './embed-worker.js', import.meta.url);
const spawnThread = (options: TransformersEmbedderOptions) =>
  fromSource
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerModule.href)}); })`, { eval: true, workerData: options })
    : new Worker(workerModule, { workerData: options });

/** The thread each worker embedder runs now, so a test can end it as an uncaught error in the thread would. */
export const currentThreadOf = new WeakMap<Embedder, () => Promise<Worker | undefined>>();

/**
 * The local model on a thread of its own. onnxruntime-node runs a forward pass on the calling thread (its `run` only
 * defers the pass to the next turn of the event loop), so on the main thread every pass stops the process's HTTP
 * server, projector and timers for its whole length: a filler embedding a backlog stalled the event loop ~100 ms per
 * pass and an API beside it shed requests with 503. Queries go to the same thread (one model in the process), where
 * they wait at most for the pass in progress. A thread that dies fails what it was asked and is started again on the
 * next call.
 */
export async function createWorkerEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
  let nextId = 1;
  let closing = false;
  let current: Promise<Thread> | undefined;

  // Each thread answers its own calls: a thread that dies fails those, and only those.
  const start = (): Promise<Thread> => {
    const pending: Thread['pending'] = new Map();
    const started = new Promise<Thread>((resolve, reject) => {
      const worker = spawnThread(options);
      worker.on('message', (reply: WorkerReply) => {
        if (reply.id === 0) return reply.ready ? resolve({ worker, pending }) : reject(new Error(reply.error));
        const call = pending.get(reply.id);
        pending.delete(reply.id);
        if (reply.error !== undefined) call?.reject(new Error(`embedding failed: ${reply.error}`));
        else call?.resolve(reply.vectors!);
      });
      const lost = (error: Error) => {
        reject(error);
        if (current === started) current = undefined;
        for (const call of pending.values()) call.reject(error);
        pending.clear();
      };
      worker.on('error', lost);
      worker.on('exit', (code) => closing || lost(new Error(`the embedding thread exited with code ${code}`)));
    });
    return started;
  };

  const ask = async (kind: 'documents' | 'query', texts: string[]): Promise<Float32Array[]> => {
    if (closing) throw new Error('the embedder is closed');
    const thread = await (current ??= start());
    return new Promise((resolve, reject) => {
      const id = nextId++;
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, kind, texts } satisfies WorkerRequest);
    });
  };

  current = start();
  await current;
  const embedder: Embedder = {
    model: options.modelId ?? DEFAULT_EMBEDDING_MODEL,
    dimensions: LOCAL_MODEL_WIDTH,
    embedDocuments: (texts) => (texts.length === 0 ? Promise.resolve([]) : ask('documents', texts)),
    embedQuery: async (text) => (await ask('query', [text]))[0]!,
    async close() {
      closing = true;
      const thread = await current?.catch(() => undefined);
      if (!thread) return;
      const exited = new Promise((done) => thread.worker.once('exit', done));
      thread.worker.postMessage({ id: 0, kind: 'close' } satisfies WorkerRequest);
      // Never terminated: terminating a thread inside onnxruntime's pass aborts the whole process. A thread still in a
      // long pass ends itself when the pass is done, and does not hold the process open meanwhile.
      thread.worker.unref();
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000).unref())]);
    },
  };
  currentThreadOf.set(embedder, async () => (await current?.catch(() => undefined))?.worker);
  return embedder;
}
