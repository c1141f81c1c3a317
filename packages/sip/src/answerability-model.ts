import type { AnswerabilityModel } from './answerability.js';

// Written by test/bench/sip-quality/fit.ts from the benchmarks' dev splits (992 questions of locomo-l, locomo-u, memory); do not edit by hand.
export const ANSWERABILITY_MODEL: AnswerabilityModel = {
  weights: {
    coverage: -7.2514,
    selective_coverage: 10.9384,
    unseen: -0.5086,
    similarity: 9.1488,
    similarity_gap: -1.8454,
    joint: -4.2727,
    embedded: -9.4068,
    speaker_gap: -8.3716
  },
  bias: 3.5435,
  threshold: 0.16
};
