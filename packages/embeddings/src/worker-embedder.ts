import { Worker } from 'node:worker_threads';
import { DEFAULT_EMBEDDING_MODEL, type Embedder } from './embedder.js';
import { LOCAL_MODEL_WIDTH } from './models.js';
import type { TransformersEmbedderOptions } from './transformers.js';

export type WorkerRequest = { id: number; kind: 'documents' | 'query'; texts: string[] } | { id: number; kind: 'close' };
export type WorkerReply = { id: number; vectors?: Float32Array[]; error?: string; ready?: boolean };

export interface WorkerEmbedderOptions extends TransformersEmbedderOptions {
  /** Model threads side by side, each with a copy of the model running one forward pass at a time (default 1). */
  workerThreads?: number;
}

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

/** The threads each worker embedder runs now, so a test can end one as an uncaught error in the thread would. */
export const currentThreadsOf = new WeakMap<Embedder, () => Promise<(Worker | undefined)[]>>();

/**
 * One model thread. A thread that dies fails what it was asked, and only that, and is started again on the next call.
 * `load` counts the characters it has been given and not answered yet: where the next text waits least.
 */
function modelThread(options: TransformersEmbedderOptions) {
  let nextId = 1;
  let closing = false;
  let current: Promise<Thread> | undefined;
  let load = 0;

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

  return {
    started: () => (current ??= start()),
    get load() {
      return load;
    },
    async ask(kind: 'documents' | 'query', texts: string[]): Promise<Float32Array[]> {
      if (closing) throw new Error('the embedder is closed');
      const size = texts.reduce((sum, text) => sum + text.length, 0);
      load += size;
      try {
        const thread = await (current ??= start());
        return await new Promise((resolve, reject) => {
          const id = nextId++;
          thread.pending.set(id, { resolve, reject });
          thread.worker.postMessage({ id, kind, texts } satisfies WorkerRequest);
        });
      } finally {
        load -= size;
      }
    },
    worker: async () => (await current?.catch(() => undefined))?.worker,
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
}

type ModelThread = ReturnType<typeof modelThread>;

/** Each text to the thread that would have the least left to do with it, so a call's texts spread over the threads. */
function spread(threads: readonly ModelThread[], texts: readonly string[]): number[][] {
  const planned = threads.map((thread) => thread.load);
  const parts: number[][] = threads.map(() => []);
  texts.forEach((text, index) => {
    const least = planned.indexOf(Math.min(...planned));
    planned[least]! += text.length;
    parts[least]!.push(index);
  });
  return parts;
}

/**
 * The local model on threads of its own. onnxruntime-node runs a forward pass on the calling thread (its `run` only
 * defers the pass to the next turn of the event loop), so on the main thread every pass stops the process's HTTP
 * server, projector and timers for its whole length: a filler embedding a backlog stalled the event loop ~100 ms per
 * pass and an API beside it shed requests with 503. Queries go to the same threads (the least busy one), where they
 * wait at most for the pass in progress.
 *
 * Several threads each running a pass on one core embed more than one thread whose passes use several cores: a
 * single text's pass is too small to keep a second core busy, so its threads mostly wait for each other. Each text is
 * embedded alone either way (the default), so its vector is the same whichever thread embeds it.
 */
export async function createWorkerEmbedder(options: WorkerEmbedderOptions): Promise<Embedder> {
  const { workerThreads = 1, ...modelOptions } = options;
  const threads = Array.from({ length: Math.max(1, workerThreads) }, () => modelThread(modelOptions));
  const started = await Promise.allSettled(threads.map((thread) => thread.started()));
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await Promise.all(threads.map((thread) => thread.close()));
    throw failed.reason;
  }
  const leastBusy = () => threads.reduce((best, thread) => (thread.load < best.load ? thread : best));

  const embedder: Embedder = {
    model: options.modelId ?? DEFAULT_EMBEDDING_MODEL,
    dimensions: LOCAL_MODEL_WIDTH,
    async embedDocuments(texts) {
      const vectors = new Array<Float32Array>(texts.length);
      await Promise.all(spread(threads, texts).map(async (part, i) => {
        if (part.length === 0) return;
        const out = await threads[i]!.ask('documents', part.map((index) => texts[index]!));
        part.forEach((index, k) => (vectors[index] = out[k]!));
      }));
      return vectors;
    },
    embedQuery: async (text) => (await leastBusy().ask('query', [text]))[0]!,
    async close() {
      await Promise.all(threads.map((thread) => thread.close()));
    },
  };
  currentThreadsOf.set(embedder, () => Promise.all(threads.map((thread) => thread.worker())));
  return embedder;
}
