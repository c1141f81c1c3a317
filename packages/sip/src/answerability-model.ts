import type { AnswerabilityModel } from './answerability.js';

// Written by test/bench/sip-quality/fit.ts from the benchmarks' dev splits (992 questions of locomo-l, locomo-u, memory); do not edit by hand.
export const ANSWERABILITY_MODEL: AnswerabilityModel = {
  weights: {
    coverage: -7.1793,
    selective_coverage: 11.0698,
    unseen: -0.5111,
    similarity: 9.4867,
    similarity_gap: -1.7192,
    joint: -4.643,
    answer_type: -0.0544,
    embedded: -9.5586,
    speaker_gap: -8.4011
  },
  bias: 3.5336,
  threshold: 0.16
};
