/**
 * The memory benchmark asked of an earlier part of its conversations: each persona's first `share` of rounds, in
 * time order. A question whose evidence all comes later is asked before its answer was said, so memory holds the
 * same people and topics without the answer: an unanswerable question ("not-yet-said") with the most realistic
 * distractors there are, and, with a small share, in the small scope of a new user. Questions with evidence on both
 * sides of the cut, and knowledge updates (the older value answers them before the update), are left out.
 */
import type { PersonaData, Question } from './dataset.js';

/** `MEMCTX_MEMORY_BEFORE`: the share (0–1] of each persona's rounds posted and asked of; unset, all of them. */
export function shareFromEnv(value = process.env.MEMCTX_MEMORY_BEFORE): number {
  if (value === undefined || value === '') return 1;
  const share = Number(value);
  if (!(share > 0 && share <= 1)) throw new Error(`MEMCTX_MEMORY_BEFORE must be a share in (0, 1], not ${value}`);
  return share;
}

export function asOf(data: PersonaData, share: number): PersonaData {
  if (share >= 1) return data;
  const rounds = data.rounds.slice(0, Math.max(1, Math.round(data.rounds.length * share)));
  const posted = new Set(rounds.map((round) => round.id));
  const questions = data.questions.flatMap((q): Question[] => {
    const said = q.evidence.filter((id) => posted.has(id)).length;
    if (said === q.evidence.length) return [q];
    if (said > 0 || q.category === 'knowledge-update') return [];
    return [{ ...q, category: 'not-yet-said', evidence: [], answerInEvidence: false }];
  });
  return { ...data, rounds, questions };
}
