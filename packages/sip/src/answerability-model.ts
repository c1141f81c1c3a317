import type { AnswerabilityModel } from './answerability.js';

// Written by test/bench/sip-quality/fit.ts from the benchmarks' dev splits, one model per embedding model (similarities
// differ between embedding models, so weights fitted on one misjudge another); do not edit by hand.
export const ANSWERABILITY_MODELS: Readonly<Record<string, AnswerabilityModel>> = {
  'BAAI/bge-small-en-v1.5': {
    fittedOn: '1627 questions of locomo-l, memory, locomo-u; target: the evidence was cited',
    weights: {
      coverage: -0.1037,
      selective_coverage: 0.3539,
      unseen: -0.2625,
      similarity: 2.2032,
      similarity_gap: 9.4451,
      joint: 0.986,
      embedded: 3.0662,
      speaker_gap: -4.225
    },
    bias: -5.726,
    threshold: 0.27
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
    fittedOn: '1627 questions of locomo-l, memory, locomo-u; target: the evidence was cited',
    weights: {
      coverage: 1.0596,
      selective_coverage: 0.2152,
      unseen: -0.2654,
      similarity: -1.1465,
      similarity_gap: 31.862,
      joint: -0.391,
      embedded: 5.1317,
      speaker_gap: -3.6045
    },
    bias: -5.6572,
    threshold: 0.25
  }
};
