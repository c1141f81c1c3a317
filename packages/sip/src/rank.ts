import type { Candidate } from '@memctx/read-models';

/**
 * How much a provenance class is trusted, multiplied into the fused retrieval
 * score: what the user said or confirmed and verified documents first, a
 * conversation round next, inferences last.
 */
export const PROVENANCE_WEIGHT: Record<string, number> = {
  USER_STATED: 1,
  USER_CONFIRMED: 1,
  DOCUMENT_VERIFIED: 0.95,
  ROUND: 0.9,
  AI_INFERRED: 0.6,
  AI_GENERATED: 0.3,
};

// Even a record that states none of the query's words keeps some of its retrieval score: it may say the same in other words.
const COVERAGE_FLOOR = 0.25;

export interface Scored<C> {
  candidate: C;
  /** Share of the query's weight one turn of the record states (see match.ts). */
  coverage: number;
  score: number;
}

/**
 * Orders candidates by their fused retrieval rank, weighed by provenance and by
 * how much of the query one utterance of the record states, so the round where
 * the named person says the asked-about thing rises above rounds that merely
 * share a word or a name with the question.
 */
export function rankCandidates<C extends Pick<Candidate, 'fused' | 'provenance'>>(candidates: readonly C[], coverageOf: (c: C) => number = () => 1): Scored<C>[] {
  return candidates
    .map((candidate) => {
      const coverage = coverageOf(candidate);
      return { candidate, coverage, score: candidate.fused * (PROVENANCE_WEIGHT[candidate.provenance] ?? 0.5) * (COVERAGE_FLOOR + coverage) };
    })
    .sort((a, b) => b.score - a.score);
}
