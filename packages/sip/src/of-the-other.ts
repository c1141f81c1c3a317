/*
 * Which sentences of a named speaker's turn speak of the one spoken to rather than of the speaker. In a conversation
 * between two people, the one who asks about a thing ("How's the store going?"), says it of the other ("Your store
 * looks great!") or reacts to the other's news ("That workshop sounds cool.", "Congrats on the store!") is not the one
 * the thing belongs to, so such sentences state nothing of their speaker (match.ts reads the rest). Read for the flags
 * only: ranking reads every sentence.
 */

/** What else the query lets count as said of the speaker. */
export interface Readings {
  /** The query names something the asker owns ("my sister"): read who owns what a sentence names (match.ts). */
  readOwned: boolean;
  /** The query asks what was asked ("What did Sam ask about his knee?"): a question states what it asks. */
  askingCounts: boolean;
  /** The query asks what someone thought or said of a thing ("What did Jon say about Gina's store?"): a reaction states it. */
  reactingCounts: boolean;
}

// Stems of a query about what was asked.
export const ASKING_STEMS: ReadonlySet<string> = new Set(['ask', 'question', 'wonder', 'inquir', 'enquir']);
// Stems of a query about what someone thought or said of something.
export const REACTING_STEMS: ReadonlySet<string> = new Set(['think', 'thought', 'say', 'said', 'mention', 'tell', 'told', 'react', 'opinion', 'compliment', 'respond', 'view']);

// Interjections or a name may open a sentence: "Wow, what made you get a third?", "Wow, Gina! …".
const OPENING = String.raw`^(?:[\p{L}']+[,!]+\s+)*`;
// A sentence that asks: opens as a question and ends with a question mark ("How's the store going?"), not a statement
// that asks back at its end ("I'm off to Spain this summer, what about you?").
const ASKS = new RegExp(
  OPENING + String.raw`(?:what|what's|how|how's|when|where|why|who|which|did|do|does|are|is|was|were|have|has|had|can|could|would|will|should|any|got|ever)\b[^?]*\?$`,
  'iu',
);
// It names what is theirs ("Your store looks great!") or opens on them ("Wow, you did it!"); "can you believe it?" at a
// statement's end does not make it theirs.
const OF_THE_OTHER = new RegExp(String.raw`\byour(?:s|self)?\b|` + OPENING + String.raw`you\b`, 'iu');
// "I bet you never thought you'd get a third turtle!", "I'm sure you'll do great", "I remember you saying you make
// jewelry": the speaker only frames what they say of the one spoken to.
const FRAMED = new RegExp(
  OPENING +
    String.raw`(?:i|i'm|i am)\s+(?:so\s+|really\s+|just\s+)?(?:bet|think|guess|hope|imagine|know|believe|wish|remember|recall|heard|saw|noticed|can tell|can see|can imagine|sure|glad|happy|proud)\b(?=.*\byou)`,
  'iu',
);
// A reaction to what the other told or showed: "That workshop sounds cool.", "Love the necklace, any special meaning to
// it?", "Congrats on the clothing store!", "Sorry 'bout the accident!", "Way to go, Jon!", "What a cute turtle!",
// "That meal looks yum!", "That must have been hard."
const REACTS = new RegExp(
  OPENING +
    String.raw`(?:(?:love|loving)\s+(?:the|that|this|these|those)\b|congrat\w*\s+on\b|sorry\s+(?:about|'bout|to hear|for)\b|way to go|good for you|well done|keep it up|(?:good|best of) luck|what an?\s+[^?]*!$|how\s+\w+!$|(?:that|those)\b.*\blooks?\b)|\bsound(?:s|ed)\b|\bmust\s+(?:be|have|feel)\b`,
  'iu',
);
const FIRST_PERSON = /\b(?:i|me|my|mine|myself|we|us|our|ours|ourselves)\b/i;
// Cheap test of a whole turn before it is read sentence by sentence: most turns hold none of these.
const MAY_SPEAK_OF_THE_OTHER = /\?|\byou|\bsound|\bmust\b|\blov|congrat|sorry|\bway to\b|\bwell done\b|\bkeep it up\b|\bluck\b|\blooks?\b|\bwhat an?\b|\bhow\s+\w+!/i;

export const maySpeakOfTheOther = (turn: string) => MAY_SPEAK_OF_THE_OTHER.test(turn);

/** Whether a sentence of a named speaker's turn speaks of the one spoken to, saying nothing of its speaker. */
export function speaksOfTheOther(sentence: string, { askingCounts, reactingCounts }: Readings): boolean {
  if (!askingCounts && ASKS.test(sentence)) return true;
  const unframed = sentence.replace(FRAMED, '');
  if (FIRST_PERSON.test(unframed)) return false;
  return unframed !== sentence || OF_THE_OTHER.test(sentence) || (!reactingCounts && REACTS.test(sentence));
}
