import type { AnswerabilityModel } from './answerability.js';

// Written by test/bench/sip-quality/fit.ts from the benchmarks' dev splits, one model per embedding model (similarities
// differ between embedding models, so weights fitted on one misjudge another); do not edit by hand.
export const ANSWERABILITY_MODELS: Readonly<Record<string, AnswerabilityModel>> = {
  'BAAI/bge-small-en-v1.5': {
    fittedOn: '992 questions of locomo-l, locomo-u, memory',
    weights: {
      coverage: -7.1671,
      selective_coverage: 11.0594,
      unseen: -0.5122,
      similarity: 9.4677,
      similarity_gap: -1.7202,
      joint: -4.6452,
      embedded: -9.5449,
      speaker_gap: -8.3978
    },
    bias: 3.4802,
    threshold: 0.16
  },
  'Xenova/all-MiniLM-L6-v2': {
    fittedOn: '1627 questions of locomo-l, memory, locomo-u; target: the evidence was cited',
    weights: {
      coverage: 0.4797,
      selective_coverage: 0.8056,
      unseen: 0.1313,
      similarity: 1.29,
      similarity_gap: 5.3014,
      joint: 0.3657,
      embedded: 0,
      speaker_gap: -3.6
    },
    bias: -2.31,
    threshold: 0.25
  },
  'intfloat/e5-small-v2': {
    fittedOn: '1469 questions of locomo-l, memory, locomo-u; target: the evidence was cited',
    weights: {
      coverage: -2.5281,
      selective_coverage: 3.9978,
      unseen: -0.5102,
      similarity: -0.7972,
      similarity_gap: 32.0602,
      joint: -0.3202,
      embedded: -1.9373,
      speaker_gap: -3.9741
    },
    bias: 1.0841,
    threshold: 0.21
  }
};
