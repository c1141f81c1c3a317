import type { Candidate } from '@memctx/read-models';

/**
 * How strong the evidence behind a SIP is. With a query, a record counts as
 * evidence when its embedding is close to the query's (cosine similarity at or
 * above `minSimilarity`), or, when it has no embedding yet, when it matched the
 * query's words in full-text search. Without a query the SIP is a summary of
 * recent memory, so any record in it grounds it.
 *
 * grounded: at least one evidence record is in the SIP.
 * abstain:  a query was asked and nothing in scope is evidence for it (or the
 *           scope is empty): the model should say it does not know.
 */
export interface EvidencePolicy {
  minSimilarity: number;
}

// Calibrated on LoCoMo with bge-small-en-v1.5 (test/bench/locomo): unrelated pairs score ~0.45-0.6.
export const DEFAULT_EVIDENCE_POLICY: EvidencePolicy = { minSimilarity: 0.62 };

export function isEvidence(candidate: Pick<Candidate, 'similarity' | 'text_match'>, policy: EvidencePolicy): boolean {
  if (candidate.similarity !== null) return candidate.similarity >= policy.minSimilarity;
  return candidate.text_match;
}

export function judgeEvidence(
  used: readonly Pick<Candidate, 'similarity' | 'text_match'>[],
  hasQuery: boolean,
  policy: EvidencePolicy = DEFAULT_EVIDENCE_POLICY,
): { grounded: boolean; abstain: boolean } {
  if (used.length === 0) return { grounded: false, abstain: true };
  if (!hasQuery) return { grounded: true, abstain: false };
  const grounded = used.some((candidate) => isEvidence(candidate, policy));
  return { grounded, abstain: !grounded };
}
