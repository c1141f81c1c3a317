import { turnsOf, type Candidate } from '@memctx/read-models';
import { sentencesOf, type TurnEvidence } from './match.js';
import { speakerOf } from './speaker.js';

/*
 * A later statement that replaces an earlier one about the same thing ("we
 * finally moved, we live in Lisbon now" after "we live in Porto"). Judged among
 * the few lines of one SIP that answer the query best, so both state the thing
 * asked about: the newer one must be said at least a day later, word itself as
 * a change in the user's own turn (moved to, instead, no longer, "is now" ...),
 * and that sentence share a word with the older one beyond function words. The older
 * statement stays in memory and in the SIP, marked as replaced, so the model
 * reads the current value first and knows the other is history. Nothing is
 * stored: every build judges anew from the records, so a rebuild or a purge can
 * never leave a stale mark behind.
 *
 * A wrong mark tells the model to set aside a fact that holds, which is worse
 * than no mark (the lines are newest first either way), so the rule errs
 * towards marking nothing: chat is full of "now", "new" and "changed" that
 * replace nothing, and of lines that share the query's words without stating
 * the thing it asks about.
 */
// Phrases that state a replacement, not merely mention time or novelty ("any more ideas?", "it changed my life",
// "instead of giving up").
const CHANGE = new RegExp(
  String.raw`\b(instead(?! of \w+ing\b)|no longer|not any ?more|(we|i|they|he|she) (finally )?moved|moved (to|into|our|my|the)|switched|changed (to|jobs|my job|our)|` +
    String.raw`pushed (to|back)|postponed|rescheduled|deferred|change of plans?|now (live|lives|work|works)|` +
    String.raw`(is|are|am|i'm|we're|it's|he's|she's|they're) now|new (job|place|house|flat|apartment|home|doctor|manager|boss|car|address))\b`,
  'i',
);
const DAY_MS = 86_400_000;
// The lines that answer the query best, by similarity (by rank when nothing is embedded): the statements of the thing asked about.
const ANSWERING_LINES = 3;
// Words a pair of statements may share without being about the same thing.
const FUNCTION_WORDS = new Set(
  ('that this with have what from they them there their been were when your about would could should which just like really also into than ' +
    'then some more very much such only over even most other after before being these those while where thanks thank great glad awesome ' +
    'sounds cool love amazing know think want going doing getting make made time today week yeah okay well still good here').split(' '),
);
// Words compared by their first letters, so "moved"/"moving" or "rehearse"/"rehearsal" meet without a stemmer.
const PREFIX = 6;

interface Stated {
  candidate: Pick<Candidate, 'created_at' | 'content' | 'user_text' | 'assistant_text'>;
  evidence: TurnEvidence;
}

const userTurns = (line: Stated) => turnsOf(line.candidate).filter((turn) => turn.role !== 'assistant').map((turn) => turn.text);
const wordsWorthSharing = (text: string) => (text.toLowerCase().match(/\p{L}[\p{L}']{3,}/gu) ?? []).filter((w) => !FUNCTION_WORDS.has(w));
// A speaker label ("Caroline: ") heads every turn of a labelled transcript, so its words are none the two lines share.
const contentWords = (texts: readonly string[], turns: readonly string[]) => {
  const labels = new Set(turns.flatMap((turn) => wordsWorthSharing(speakerOf(turn) ?? '')));
  return new Set(texts.flatMap(wordsWorthSharing).filter((w) => !labels.has(w)).map((w) => w.slice(0, PREFIX)));
};
/**
 * The words of the sentences of the user's turns that word a change (empty when none does): an assistant's
 * "congratulations on the move" only echoes one, and "the tournament got pushed back, so I made ice cream" replaces
 * no ice cream.
 */
const changeWords = (turns: readonly string[]) => contentWords(turns.flatMap(sentencesOf).filter((sentence) => CHANGE.test(sentence)), turns);

/**
 * By position in `lines`: the position of the newer line that replaces what each older one states. `lines` are in
 * the order they are shown; `rank` gives each line's place in the ranking, for when nothing is embedded.
 */
export function supersessions<T extends Stated>(lines: readonly T[], rank: (line: T) => number): Map<number, number> {
  const answering = lines
    .map((line, position) => ({ line, position }))
    .filter(({ line }) => line.candidate.user_text !== null)
    .sort((a, b) => (b.line.evidence.similarity ?? -1) - (a.line.evidence.similarity ?? -1) || rank(a.line) - rank(b.line))
    .slice(0, ANSWERING_LINES)
    .map(({ line, position }) => {
      const turns = userTurns(line);
      return { position, at: line.candidate.created_at.getTime(), words: contentWords(turns, turns), change: changeWords(turns) };
    });
  const replaced = new Map<number, number>();
  for (const older of answering) {
    let newest: (typeof answering)[number] | undefined;
    for (const newer of answering) {
      if (newer.at - older.at < DAY_MS || ![...older.words].some((word) => newer.change.has(word))) continue;
      // The nearest later statement is the one that replaced it.
      if (newest === undefined || newer.at < newest.at) newest = newer;
    }
    if (newest !== undefined) replaced.set(older.position, newest.position);
  }
  return replaced;
}
