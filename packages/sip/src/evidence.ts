/**
 * How strong the evidence behind a SIP is, judged from the records it cites.
 * With a query, a cited record is evidence when one of its turns (a side of the
 * exchange, or a document chunk) states at least `minCoverage` of the query's
 * weight — its terms weighed by rarity in the scope, so the words that name the
 * asked-about thing count most — or when its embedding is at least
 * `minSimilarity` close to the query's. Without a query the SIP is a summary of
 * recent memory, so any record in it grounds it.
 *
 * When the query names a speaker, coverage counts that speaker's turns only;
 * if the cited records state the query much better in someone else's words
 * (by more than `maxSpeakerGap`), the question most likely pins another
 * person's fact on the one it names, and the SIP is not grounded.
 *
 * grounded: at least one cited record is evidence, and no one else states the query clearly better.
 * abstain:  a query was asked and the SIP is not grounded (or the
 *           scope is empty): the model should say it does not know.
 */
export interface EvidencePolicy {
  minSimilarity: number;
  minCoverage: number;
  /** How much better another speaker's turns may state the query than the named speaker's before the SIP abstains. */
  maxSpeakerGap?: number;
}

// Calibrated on LoCoMo with bge-small-en-v1.5 (test/bench/locomo; docs/decisions.md has the measured rates).
export const DEFAULT_EVIDENCE_POLICY: EvidencePolicy = { minSimilarity: 0.76, minCoverage: 0.25, maxSpeakerGap: 0.1 };

export interface EvidenceSignals {
  similarity: number | null;
  coverage: number;
  anySpeakerCoverage?: number;
}

export function isEvidence(signals: EvidenceSignals, policy: EvidencePolicy): boolean {
  return signals.coverage >= policy.minCoverage || (signals.similarity !== null && signals.similarity >= policy.minSimilarity);
}

export function judgeEvidence(
  used: readonly EvidenceSignals[],
  hasQuery: boolean,
  policy: EvidencePolicy = DEFAULT_EVIDENCE_POLICY,
): { grounded: boolean; abstain: boolean } {
  if (used.length === 0) return { grounded: false, abstain: true };
  if (!hasQuery) return { grounded: true, abstain: false };
  const best = (pick: (s: EvidenceSignals) => number) => Math.max(...used.map(pick));
  const gap = best((s) => s.anySpeakerCoverage ?? s.coverage) - best((s) => s.coverage);
  const grounded = used.some((signals) => isEvidence(signals, policy)) && gap <= (policy.maxSpeakerGap ?? 1);
  return { grounded, abstain: !grounded };
}
