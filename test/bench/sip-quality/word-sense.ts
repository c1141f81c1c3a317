/**
 * Would the sense a query word is used in tell what memory answers from what it does not ("my blood type" against
 * "blood oranges", "my cat" against `cat file`)? For each question of a benchmark dump (MEMCTX_BENCH_DUMP of
 * bench:memory or bench:locomo), each query content word found in a SIP sentence is compared in context: the cosine
 * of the model's last-layer vector for that word in the question and in the sentence (the best sentence per word).
 * Prints, per class, the best such cosine by question, and abstain rates below thresholds.
 *   pnpm build && node --conditions=@memctx/source --import tsx test/bench/sip-quality/word-sense.ts DUMP
 * docs/decisions.md ("Word sense for answerability") has what it showed.
 */
import { resolve } from 'node:path';
import { env, pipeline, type Tensor } from '@huggingface/transformers';
import { settingDefault } from '@memctx/shared';
import { dot, printAbstainCurve, readDump, sharedWords } from './dump.js';

const questions = readDump(process.argv[2], 'word-sense.ts');
env.localModelPath = `${resolve(import.meta.dirname, '../../../models')}/`;
env.allowRemoteModels = false;
const extractor = await pipeline('feature-extraction', settingDefault('embeddingModel'), { dtype: 'q8', device: 'cpu' });

/** The token ids of a text and each token's last-layer vector, normalized. */
async function tokens(text: string) {
  const inputs = extractor.tokenizer([text], { truncation: true, max_length: 256 });
  const { last_hidden_state: hidden } = (await extractor.model(inputs)) as { last_hidden_state: Tensor };
  const ids = Array.from((inputs.input_ids as Tensor).data as BigInt64Array, Number);
  const width = hidden.dims[2]!;
  const data = hidden.data as Float32Array;
  const vectors = ids.map((_, i) => {
    const v = data.subarray(i * width, (i + 1) * width);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
  return { ids, vectors };
}
const firstPiece = (word: string) => Number((extractor.tokenizer(word, { add_special_tokens: false }).input_ids as Tensor).data[0]);

const scored: { answerable: boolean; score: number }[] = [];
for (const { question, answerable, sentences } of questions) {
  const asked = await tokens(question);
  let sense = 0;
  for (const sentence of sentences.slice(0, 40)) {
    const shared = sharedWords(question, sentence).filter((w) => w.length >= 3);
    if (shared.length === 0) continue;
    const said = await tokens(sentence);
    for (const word of shared) {
      const id = firstPiece(word);
      const [i, j] = [asked.ids.indexOf(id), said.ids.indexOf(id)];
      if (i >= 0 && j >= 0) sense = Math.max(sense, dot(asked.vectors[i]!, said.vectors[j]!));
    }
  }
  scored.push({ answerable, score: sense });
}
printAbstainCurve(scored, [0.5, 0.6, 0.7, 0.75, 0.8, 0.85]);
