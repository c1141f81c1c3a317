import type { AnswerabilityModel } from './answerability.js';

// Written by test/bench/sip-quality/fit.ts from the benchmarks' dev splits; do not edit by hand.
export const ANSWERABILITY_MODEL: AnswerabilityModel = {
  weights: { coverage: 3, selective_coverage: 2, unseen: -4, similarity: 10, similarity_gap: 6, joint: 0, embedded: -7, speaker_gap: -8 },
  bias: -2.5,
  threshold: 0.5,
};
