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

export function rankCandidates<C extends Pick<Candidate, 'fused' | 'provenance'>>(candidates: readonly C[]): C[] {
  const score = (c: C) => c.fused * (PROVENANCE_WEIGHT[c.provenance] ?? 0.5);
  return [...candidates].sort((a, b) => score(b) - score(a));
}

/** The query's words for full-text search: letters and digits only, so nothing reaches to_tsquery as syntax. */
export function queryWords(query: string | null): string[] {
  if (!query) return [];
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 64);
}
