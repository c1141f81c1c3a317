import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransformersEmbedder, type Embedder } from '../src/index.js';
import { MODELS_DIR } from './model.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

// The default model, and bge-small (which CI lays out too) with its query instruction.
describe.each([
  { name: 'all-MiniLM-L6-v2 (the default)', modelId: undefined, instruction: false },
  { name: 'bge-small-en-v1.5', modelId: 'BAAI/bge-small-en-v1.5', instruction: true },
])('$name through transformers.js', ({ modelId, instruction }) => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await createTransformersEmbedder({ modelsDir: MODELS_DIR, modelId, batchSize: 4 });
  });
  afterAll(() => embedder.close());

  it('gives 384-dimensional unit vectors', async () => {
    const [v] = await embedder.embedDocuments(['The oven runs twenty degrees hot.']);
    expect(v).toHaveLength(384);
    expect(dot(v!, v!)).toBeCloseTo(1, 4);
  });

  it('puts a paraphrase nearer than an unrelated sentence', async () => {
    const [oven, stove, lisbon] = await embedder.embedDocuments(['The oven runs hot', 'My stove heats too much', 'A train to Lisbon in March']);
    expect(dot(oven!, stove!)).toBeGreaterThan(dot(oven!, lisbon!) + 0.1);
  });

  it(`embeds a query ${instruction ? 'with the instruction prefix, so it differs from' : 'as'} the same text as a document`, async () => {
    const [asDocument] = await embedder.embedDocuments(['how hot is the oven']);
    const asQuery = await embedder.embedQuery('how hot is the oven');
    if (instruction) expect(dot(asDocument!, asQuery)).toBeLessThan(0.999);
    else expect(dot(asDocument!, asQuery)).toBeGreaterThan(0.999);
    expect(dot(asDocument!, asQuery)).toBeGreaterThan(0.7);
  });

  it('keeps input order across batches and matches one-at-a-time results', async () => {
    // Lengths fall as the index rises, so batches formed by length run in another order than the input.
    const topics = ['gardening', 'cooking', 'sailing', 'taxes', 'chess'];
    const texts = Array.from({ length: 10 }, (_, i) => `${'very '.repeat(10 - i)}long note about ${topics[i % 5]} number ${i}`);
    const batched = await embedder.embedDocuments(texts);
    for (const i of [0, 5, 9]) {
      const [single] = await embedder.embedDocuments([texts[i]!]);
      // Dynamic int8 quantization scales activations per batch, so batched and single runs differ in the second or third decimal.
      expect(dot(batched[i]!, single!)).toBeGreaterThan(0.98);
      // ...and nearer to its own text than to any other text of the call.
      for (const [j, other] of batched.entries()) if (j !== i) expect(dot(other, single!)).toBeLessThan(dot(batched[i]!, single!));
    }
  });

  it('answers concurrent queries (micro-batched) each with its own vector', async () => {
    const queries = ['oven temperature', 'train to Lisbon', 'sourdough starter'];
    const together = await Promise.all(queries.map((q) => embedder.embedQuery(q)));
    const apart: Float32Array[] = [];
    for (const q of queries) apart.push(await embedder.embedQuery(q));
    together.forEach((v, i) => expect(dot(v, apart[i]!)).toBeGreaterThan(0.98));
    // ...and not someone else's: each is nearest to its own query.
    together.forEach((v, i) => apart.forEach((w, j) => j !== i && expect(dot(v, apart[i]!)).toBeGreaterThan(dot(v, w))));
  });

  it('reads at most maxTokens of a text, on one intra-op thread when asked', async () => {
    const short = await createTransformersEmbedder({ modelsDir: MODELS_DIR, modelId, maxTokens: 16, threads: 1 });
    try {
      const head = 'the oven runs twenty degrees hot so we bake the bread at two hundred degrees for forty minutes';
      const [cut, whole] = await short.embedDocuments([head, `${head} and then a long story about a train to Lisbon`]);
      expect(dot(cut!, whole!)).toBeGreaterThan(0.999);
      const [full] = await embedder.embedDocuments([`${head} and then a long story about a train to Lisbon`]);
      expect(dot(whole!, full!)).toBeLessThan(0.99);
    } finally {
      await short.close();
    }
  });

});

it('gives a text the same vector whatever it is embedded with, documents and concurrent queries alike', async () => {
  const embedder = await createTransformersEmbedder({ modelsDir: MODELS_DIR });
  try {
    const text = 'Here is one: octopuses have three hearts and blue blood.';
    const [alone] = await embedder.embedDocuments([text]);
    const [beside] = await embedder.embedDocuments([text, 'A much longer text about the history of tea in China and Japan, its ceremonies, cups and leaves, that goes on for a while.']);
    // Batched with a longer text, the quantized model's scales moved this vector to a cosine of ~0.994 with itself.
    expect(dot(alone!, beside!)).toBeGreaterThan(0.99999);
    const [first, second] = await Promise.all([embedder.embedQuery('What is my blood type?'), embedder.embedQuery('tea ceremonies in Japan and how they differ')]);
    expect(dot(first, await embedder.embedQuery('What is my blood type?'))).toBeGreaterThan(0.99999);
    expect(dot(second, await embedder.embedQuery('tea ceremonies in Japan and how they differ'))).toBeGreaterThan(0.99999);
  } finally {
    await embedder.close();
  }
});

it('says how to get the model when the files are missing', async () => {
  await expect(createTransformersEmbedder({ modelsDir: '/nonexistent' })).rejects.toThrow(/fetch-model\.sh Xenova\/all-MiniLM-L6-v2/);
});

it('reads at most the length the model was trained on unless told otherwise', async () => {
  // MiniLM was trained on 256 word pieces: what follows them changes nothing; bge reads on to 512.
  const words = ['the', 'cat', 'sat', 'on', 'a', 'warm', 'mat', 'and', 'slept', 'all', 'day'];
  const head = Array.from({ length: 300 }, (_, i) => words[i % words.length]).join(' ');
  for (const [modelId, cut] of [[undefined, true], ['BAAI/bge-small-en-v1.5', false]] as const) {
    const embedder = await createTransformersEmbedder({ modelsDir: MODELS_DIR, modelId });
    try {
      const [a, b] = await embedder.embedDocuments([head, `${head} and then a long story about a train to Lisbon`]);
      if (cut) expect(dot(a!, b!)).toBeGreaterThan(0.9999);
      else expect(dot(a!, b!)).toBeLessThan(0.9999);
    } finally {
      await embedder.close();
    }
  }
});
