import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransformersEmbedder, createWorkerEmbedder, type Embedder } from '../src/index.js';
import { currentThreadsOf } from '../src/worker-embedder.js';
import { MODELS_DIR } from './model.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const texts = Array.from({ length: 96 }, (_, i) => `note ${i}: the oven runs hot, so the bread bakes at two hundred degrees for forty minutes`);

/** The longest the event loop went without running a 2 ms timer while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  await work();
  await new Promise((r) => setTimeout(r, 10));
  clearInterval(timer);
  return longest;
}

describe('the local model on a thread of its own', () => {
  let inThread: Embedder;
  let worker: Embedder;
  beforeAll(async () => {
    // Passes of 32 texts, so that what one pass does to this thread's event loop shows.
    const options = { modelsDir: MODELS_DIR, threads: 1, batchSize: 32 };
    [inThread, worker] = await Promise.all([createTransformersEmbedder(options), createWorkerEmbedder(options)]);
  });
  afterAll(async () => {
    await inThread.close();
    await worker.close();
  });

  it('gives the vectors the model gives in this thread, documents and queries alike', async () => {
    const [here, there] = [await inThread.embedDocuments(texts.slice(0, 8)), await worker.embedDocuments(texts.slice(0, 8))];
    there.forEach((v, i) => expect(dot(v, here[i]!)).toBeGreaterThan(0.999));
    expect(dot(await worker.embedQuery('how hot is the oven'), await inThread.embedQuery('how hot is the oven'))).toBeGreaterThan(0.999);
    expect(worker).toMatchObject({ model: 'Xenova/all-MiniLM-L6-v2', dimensions: 384 });
    // One text and none go the same way as many.
    const [[one], [alone]] = [await worker.embedDocuments(texts.slice(0, 1)), await inThread.embedDocuments(texts.slice(0, 1))];
    expect(dot(one!, alone!)).toBeGreaterThan(0.999);
    expect(await worker.embedDocuments([])).toEqual([]);
  });

  it('leaves the event loop free while it embeds, where the model in this thread stops it for each pass', async () => {
    const blocked = await longestStall(() => inThread.embedDocuments(texts));
    const free = await longestStall(() => worker.embedDocuments(texts));
    expect(free).toBeLessThan(blocked / 2);
  });

  it('answers a query asked while a large batch is being embedded, before the batch is done', async () => {
    let batchDone = false;
    const batch = worker.embedDocuments([...texts, ...texts].map((t, i) => `${t} ${i}`)).then(() => (batchDone = true));
    await new Promise((r) => setTimeout(r, 20));
    await worker.embedQuery('bread temperature');
    expect(batchDone).toBe(false);
    await batch;
  });

  it('answers the next call from a new thread when its thread has died', async () => {
    const before = await worker.embedQuery('how hot is the oven');
    const [dead] = await currentThreadsOf.get(worker)!();
    // Ended between passes: ending a thread inside onnxruntime's pass aborts the whole process, as a crash there would.
    await dead!.terminate();

    const after = await worker.embedQuery('how hot is the oven');
    expect((await currentThreadsOf.get(worker)!())[0]).not.toBe(dead);
    expect(dot(after, before)).toBeGreaterThan(0.999);
    expect(await worker.embedDocuments(texts.slice(0, 2))).toHaveLength(2);
  });
});

describe('the local model on two threads side by side', () => {
  let alone: Embedder;
  let pair: Embedder;
  beforeAll(async () => {
    [alone, pair] = await Promise.all([createTransformersEmbedder({ modelsDir: MODELS_DIR, threads: 1 }), createWorkerEmbedder({ modelsDir: MODELS_DIR, threads: 1, workerThreads: 2 })]);
  });
  afterAll(async () => {
    await alone.close();
    await pair.close();
  });

  it("spreads one call's texts over both threads and gives each text the vector it has alone, in the call's order", async () => {
    const asked: number[] = [];
    for (const [i, thread] of (await currentThreadsOf.get(pair)!()).entries()) {
      const post = thread!.postMessage.bind(thread);
      thread!.postMessage = (message: { texts?: string[] }) => {
        asked.push(...(message.texts ?? []).map(() => i));
        post(message);
      };
    }
    const some = texts.slice(0, 6).map((t, i) => `${'x'.repeat(i * 20)} ${t}`);
    const [here, there] = [await alone.embedDocuments(some), await pair.embedDocuments(some)];
    expect(new Set(asked)).toEqual(new Set([0, 1]));
    there.forEach((v, i) => expect(dot(v, here[i]!)).toBeGreaterThan(0.9999));
    expect(dot(await pair.embedQuery('how hot is the oven'), await alone.embedQuery('how hot is the oven'))).toBeGreaterThan(0.9999);
  });
});

it('fails to start with the reason when the model files are missing', async () => {
  await expect(createWorkerEmbedder({ modelsDir: '/nonexistent' })).rejects.toThrow(/fetch-model\.sh/);
  await expect(createWorkerEmbedder({ modelsDir: '/nonexistent', workerThreads: 2 })).rejects.toThrow(/fetch-model\.sh/);
});
