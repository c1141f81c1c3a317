import { answerability, answerabilitySignals, type AnswerabilitySignals } from './answerability.js';
import { ANSWERABILITY_MODEL } from './answerability-model.js';
import type { TurnEvidence } from './match.js';

/**
 * How strong the evidence behind a SIP is. With a query, the answerability
 * model (./answerability.ts) scores whether memory answers it at all; below
 * `abstainBelow` the SIP abstains and is kept short. Without a query the SIP is
 * a summary of recent memory, so any record in it grounds it.
 *
 * When the query names a speaker of labelled transcripts, coverage counts that
 * speaker's turns only, and how much better someone else's turns state the
 * query is one of the model's signals; without labels that signal is 0.
 *
 * grounded: a query was answered by memory (or, without a query, memory is not empty).
 * abstain:  the model should say it does not know.
 */
export interface EvidencePolicy {
  /** Abstain when the answerability probability is below this. */
  abstainBelow: number;
}

export const DEFAULT_EVIDENCE_POLICY: EvidencePolicy = { abstainBelow: ANSWERABILITY_MODEL.threshold };

export interface Judgement {
  grounded: boolean;
  abstain: boolean;
  /** With a query: the answerability probability and the signals it was computed from. */
  answerability?: { score: number; signals: AnswerabilitySignals };
}

export function judgeEvidence(
  ranked: readonly { evidence: TurnEvidence }[],
  terms: readonly { df: number; idf: number }[],
  hasQuery: boolean,
  policy: EvidencePolicy = DEFAULT_EVIDENCE_POLICY,
): Judgement {
  if (ranked.length === 0) return { grounded: false, abstain: true };
  if (!hasQuery) return { grounded: true, abstain: false };
  const signals = answerabilitySignals(ranked, terms);
  const score = Math.round(answerability(signals) * 1000) / 1000;
  const grounded = score >= policy.abstainBelow;
  return { grounded, abstain: !grounded, answerability: { score, signals } };
}
