import { turnsOf, type Candidate } from '@memctx/read-models';
import type { TurnEvidence } from './match.js';

/*
 * A later statement that replaces an earlier one about the same thing ("we
 * finally moved, we live in Lisbon now" after "we live in Porto"). Judged among
 * the lines of one SIP, where both already bear on the same query: the newer
 * one must be said at least a day later and word itself as a change (moved,
 * now, no longer, switched ...). The older statement stays in memory and in
 * the SIP, marked as replaced, so the model reads the current value first and
 * knows the other is history. Nothing is stored: every build judges anew from
 * the records, so a rebuild or a purge can never leave a stale mark behind.
 */
// Words that state a change, not merely mention time: a bare "now" is too common in chat to mean one.
const CHANGE = /\b(nowadays|these days|moved|changed|switched|no longer|anymore|any more|instead of|used to|quit|left my|new job|since then|from now on|postponed|rescheduled|pushed back|(i'm|i am|we're|we are|he's|she's|they're|it's|it is) now|now (i|we|live|work|eat|drive|use))\b/i;
const DAY_MS = 86_400_000;
// How much of the query's selective weight, or how close to the best similarity (and how close at all), makes a
// line bear on the query: chat is full of lines about as close to a short query as the best one.
const BEARS_COVERAGE = 0.5;
const BEARS_SIMILARITY_MARGIN = 0.03;
const BEARS_SIMILARITY = 0.75;

interface Stated {
  candidate: Pick<Candidate, 'created_at' | 'content' | 'user_text' | 'assistant_text'>;
  evidence: TurnEvidence;
}

// The user states their own changes; an assistant's "congratulations on the move" only echoes one.
const saysChange = (line: Stated) => turnsOf(line.candidate).some((turn) => turn.role !== 'assistant' && CHANGE.test(turn.text));

/** By position in `lines`: the position of the newer line that replaces what each older one states. */
export function supersessions(lines: readonly Stated[]): Map<number, number> {
  const best = Math.max(0, ...lines.map((line) => line.evidence.similarity ?? 0));
  const bears = (line: Stated) =>
    (line.evidence.selectiveCoverage ?? line.evidence.coverage) >= BEARS_COVERAGE ||
    (line.evidence.similarity !== null && line.evidence.similarity >= Math.max(BEARS_SIMILARITY, best - BEARS_SIMILARITY_MARGIN));
  const replaced = new Map<number, number>();
  lines.forEach((older, o) => {
    if (older.candidate.user_text === null || !bears(older)) return;
    let newest: number | undefined;
    lines.forEach((newer, n) => {
      if (newer.candidate.user_text === null || !bears(newer) || !saysChange(newer)) return;
      if (newer.candidate.created_at.getTime() - older.candidate.created_at.getTime() < DAY_MS) return;
      // The nearest later statement is the one that replaced it.
      if (newest === undefined || newer.candidate.created_at < lines[newest]!.candidate.created_at) newest = n;
    });
    if (newest !== undefined) replaced.set(o, newest);
  });
  return replaced;
}
