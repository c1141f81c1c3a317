import type { Candidate } from '@memctx/read-models';
import type { TurnEvidence } from './match.js';

/**
 * How much a provenance class is trusted, multiplied into the fused retrieval
 * score: what the user said or confirmed and verified documents first, a
 * conversation round next, inferences last.
 */
export const PROVENANCE_WEIGHT: Record<Candidate['provenance'], number> = {
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
  /** How well one turn of the record states the query (see match.ts). */
  evidence: TurnEvidence;
  score: number;
  /** One of the records nearest to the query by meaning (`withNearestLifted`): kept whatever its score. */
  nearest?: true;
}

/**
 * Orders candidates by their fused retrieval rank, weighed by provenance and by
 * how much of the query one utterance of the record states, so the round where
 * the named person says the asked-about thing rises above rounds that merely
 * share a word or a name with the question.
 */
export function rankCandidates<C extends Pick<Candidate, 'fused' | 'provenance' | 'similarity'>>(
  candidates: readonly C[],
  assess: (c: C) => TurnEvidence = (c) => ({ coverage: 1, similarity: c.similarity }),
): Scored<C>[] {
  return candidates
    .map((candidate) => {
      const evidence = assess(candidate);
      return { candidate, evidence, score: candidate.fused * (PROVENANCE_WEIGHT[candidate.provenance] ?? 0.5) * (COVERAGE_FLOOR + evidence.coverage) };
    })
    .sort((a, b) => b.score - a.score);
}

// How many of the best-ranked records lend their session neighbours a place, and what share of their score.
export const NEIGHBOUR_ANCHORS = 10;
export const NEIGHBOUR_SHARE = 0.6;

/**
 * Adds the session neighbours of the best-ranked records: each neighbour
 * (the round before or after an anchor) ranks at a share of its anchor's
 * score, or keeps its own score when that is higher: the round after the one
 * that names the topic often holds the answer (docs/decisions.md, "SIP build").
 */
export function withNeighbours<C extends { record_id: string }>(
  ranked: readonly Scored<C>[],
  neighboursOf: (anchor: C) => readonly C[],
  assess: (c: C) => TurnEvidence,
  anchors = NEIGHBOUR_ANCHORS,
  share = NEIGHBOUR_SHARE,
): Scored<C>[] {
  const byId = new Map(ranked.map((scored) => [scored.candidate.record_id, { ...scored }]));
  for (const anchor of ranked.slice(0, anchors)) {
    for (const neighbour of neighboursOf(anchor.candidate)) {
      const score = anchor.score * share;
      const known = byId.get(neighbour.record_id);
      if (known) known.score = Math.max(known.score, score);
      else byId.set(neighbour.record_id, { candidate: neighbour, evidence: assess(neighbour), score });
    }
  }
  return [...byId.values()].sort((a, b) => b.score - a.score);
}

// How many of the records nearest to the query by meaning are lifted, and how many records may stay above them.
export const NEAREST_LIFTED = 8;
export const NEAREST_RANK = 10;

/**
 * Lifts the records nearest to the query by meaning to just after the first `rank` records. Coverage counts the
 * query's own words, so a round that states the answer in other words ("first night in our new place in Portland"
 * for "Which city do I live in?") ranks below rounds that merely share a word; the closest few by meaning keep a
 * place among the first lines whatever their words, and are marked `nearest` so the composer keeps their lines too.
 */
export function withNearestLifted<C>(ranked: readonly Scored<C>[], count = NEAREST_LIFTED, rank = NEAREST_RANK): Scored<C>[] {
  const nearest = new Set(
    ranked.filter((s) => s.evidence.similarity !== null).sort((a, b) => b.evidence.similarity! - a.evidence.similarity!).slice(0, count),
  );
  // With no more records than may stay above them, they already have their place: marked, not moved.
  const floor = ranked.length > rank ? ranked[rank]!.score : -Infinity;
  return ranked
    .map((s) => (nearest.has(s) ? { ...s, score: Math.max(s.score, floor), nearest: true as const } : s))
    .sort((a, b) => b.score - a.score);
}
