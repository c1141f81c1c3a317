import { answerability, answerabilityModelFor, answerabilitySignals, round3, type AnswerabilityModel, type AnswerabilitySignals, type TermWeight } from './answerability.js';
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
  /** The answerability model fitted for the embedding model in use. */
  model: AnswerabilityModel;
  /** Abstain when the answerability probability is below this (the model's threshold unless configured). */
  abstainBelow: number;
}

/** The policy for an embedding model, with its fitted threshold unless `abstainBelow` overrides it. */
export function evidencePolicyFor(embeddingModel?: string, abstainBelow?: number): EvidencePolicy {
  const model = answerabilityModelFor(embeddingModel);
  return { model, abstainBelow: abstainBelow ?? model.threshold };
}

export const DEFAULT_EVIDENCE_POLICY: EvidencePolicy = evidencePolicyFor();

// Without a single embedded record the model has no similarity to weigh (it was fitted with vectors at hand, and
// says nothing sound without them): memory answers when one turn states at least this much of the query's rare words.
const LEXICAL_MIN_COVERAGE = 0.5;

export interface Judgement {
  grounded: boolean;
  abstain: boolean;
  /**
   * With a query: the answerability probability and the signals it was computed from (with nothing embedded yet,
   * the share of the query's rare words the best turn states).
   */
  answerability?: { score: number; signals: AnswerabilitySignals };
}

export function judgeEvidence(
  ranked: readonly { evidence: TurnEvidence }[],
  terms: readonly TermWeight[],
  hasQuery: boolean,
  policy: EvidencePolicy = DEFAULT_EVIDENCE_POLICY,
): Judgement {
  if (ranked.length === 0) return { grounded: false, abstain: true };
  if (!hasQuery) return { grounded: true, abstain: false };
  const signals = answerabilitySignals(ranked, terms);
  const embedded = signals.embedded > 0;
  const score = round3(embedded ? answerability(signals, policy.model) : signals.selective_coverage);
  const grounded = score >= (embedded ? policy.abstainBelow : LEXICAL_MIN_COVERAGE);
  return { grounded, abstain: !grounded, answerability: { score, signals } };
}
