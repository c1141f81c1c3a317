import type { AnswerabilityModel } from './answerability.js';

// Written by test/bench/sip-quality/fit.ts from the benchmarks' dev splits (992 questions of locomo-l, locomo-u, memory); do not edit by hand.
export const ANSWERABILITY_MODEL: AnswerabilityModel = {
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
};
