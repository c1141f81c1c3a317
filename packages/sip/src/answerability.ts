import { weightOf, type TurnEvidence, type WeightedTerm } from './match.js';
import { settingDefault } from '@memctx/shared';
import { ANSWERABILITY_MODELS } from './answerability-model.js';

/** What the signals read of a query term: its weight, and whether any record in scope holds it. */
export type TermWeight = Pick<WeightedTerm, 'weight' | 'held'>;

/*
 * Whether the memory in scope answers the query at all, as a probability from
 * a logistic model over signals every build has. The signals do not depend on
 * speaker labels: they read which query words the scope has ever seen, how much
 * of the query one turn of the best records states, and how close and how
 * distinct the nearest records are. The weights are fitted on the dev splits of
 * two benchmarks (test/bench/sip-quality/fit.ts writes answerability-model.ts);
 * docs/benchmarks.md ("The answerability model") has the precision/recall curve of the threshold.
 */

// A type, not an interface, so it reads as the plain record of numbers the response schema declares.
export type AnswerabilitySignals = {
  /** The best share of the query's weight one turn of a top record states. */
  coverage: number;
  /** The same, counting only the query's selective (rare in scope) words; all of them when none is. */
  selective_coverage: number;
  /** The share of the query's weight in words no record in scope holds. */
  unseen: number;
  /** The closest embedding similarity of a top record (0 when none is embedded). */
  similarity: number;
  /** How far the closest record stands out from the next ones (0 when fewer than two are embedded). */
  similarity_gap: number;
  /**
   * The best record at once: its coverage times its similarity. A query's rare word said in an unrelated round,
   * beside a close round that names none of it, leaves this low where either signal alone looks fine.
   */
  joint: number;
  /** 1 when some top record is embedded, so similarity means something. */
  embedded: number;
  /**
   * When the query names a speaker of labelled transcripts: how much better someone else's turns state it than
   * the named speaker's (a fact pinned on the wrong person). 0 without labels.
   */
  speaker_gap: number;
};

export type SignalName = keyof AnswerabilitySignals;
export const SIGNAL_NAMES: readonly SignalName[] = ['coverage', 'selective_coverage', 'unseen', 'similarity', 'similarity_gap', 'joint', 'embedded', 'speaker_gap'];

export interface AnswerabilityModel {
  /** What the weights were fitted on (the fitting script's summary). */
  fittedOn?: string;
  weights: Record<SignalName, number>;
  bias: number;
  /** Abstain below this probability. */
  threshold: number;
}

// How many of the best-ranked records the signals read: the ones a SIP would lead with.
const TOP = 10;

/** Signals and scores are shown to three decimals. */
export const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function answerabilitySignals(
  ranked: readonly { evidence: TurnEvidence }[],
  terms: readonly TermWeight[],
): AnswerabilitySignals {
  const top = ranked.slice(0, TOP);
  const total = weightOf(terms);
  const unseen = weightOf(terms.filter((term) => !term.held));
  const similarities = top.map((s) => s.evidence.similarity).filter((s): s is number => s !== null).sort((a, b) => b - a);
  const rest = similarities.slice(1);
  const gap = rest.length > 0 ? similarities[0]! - rest.reduce((a, b) => a + b, 0) / rest.length : 0;
  const best = (pick: (e: TurnEvidence) => number) => Math.max(0, ...top.map((s) => pick(s.evidence)));
  // What the speakers a query names say (`named`); the gap to every speaker's is a fact pinned on the wrong person.
  const coverageOf = (e: TurnEvidence) => e.named?.coverage ?? e.coverage;
  return {
    coverage: round3(best(coverageOf)),
    selective_coverage: round3(best((e) => e.named?.selectiveCoverage ?? e.selectiveCoverage ?? 0)),
    unseen: round3(total > 0 ? unseen / total : 0),
    similarity: round3(similarities[0] ?? 0),
    similarity_gap: round3(gap),
    joint: round3(best((e) => coverageOf(e) * (e.similarity ?? 0))),
    embedded: similarities.length > 0 ? 1 : 0,
    speaker_gap: round3(best((e) => e.coverage) - best(coverageOf)),
  };
}

/**
 * The model fitted on the similarities of `embeddingModel`'s vectors. A model nobody fitted (an external endpoint's)
 * gets the default embedding model's weights: its similarities may run higher or lower, which `MEMCTX_SIP_ABSTAIN_BELOW`
 * can correct until it is fitted (test/bench/sip-quality/fit.ts --model=<id>).
 */
export function answerabilityModelFor(embeddingModel: string = settingDefault('embeddingModel')): AnswerabilityModel {
  return ANSWERABILITY_MODELS[embeddingModel] ?? ANSWERABILITY_MODELS[settingDefault('embeddingModel')] ?? Object.values(ANSWERABILITY_MODELS)[0]!;
}

export function answerability(signals: AnswerabilitySignals, model: AnswerabilityModel = answerabilityModelFor()): number {
  const z = SIGNAL_NAMES.reduce((sum, name) => sum + model.weights[name] * signals[name], model.bias);
  return 1 / (1 + Math.exp(-z));
}
