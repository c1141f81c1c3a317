/*
 * What kind of words answer a question, read from how it opens: "when" is
 * answered by a date, "how many" by a number, "who" and "where" by a name. An
 * excerpt keeps the sentences holding such words even when they share no word
 * with the question ("When did I start pottery?" → "The first class was on 3 May").
 */
const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const DAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|tomorrow|tonight|weekend|ago|last|next|week|month|year';
const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|dozen|couple|few|several';

const DATE = new RegExp(`\\d|\\b(${MONTHS}|${DAYS})\\b`, 'i');
const NUMBER = new RegExp(`\\d|\\b(${NUMBER_WORDS})\\b`, 'i');
// A capitalised word after the first of the sentence: a name of a person, place or thing.
const NAME = /\s\p{Lu}[\p{L}'-]+/u;

const KINDS: ReadonlyArray<[RegExp, RegExp]> = [
  [/^\s*(when|what (date|day|time|year|month)|which (date|day|year|month)|how long ago)\b/i, DATE],
  [/^\s*how (many|much|old|often|long|far)\b/i, NUMBER],
  [/^\s*(who|whom|whose|where)\b/i, NAME],
  // Things known by their names: "What book did she recommend?" → "I loved 'Becoming Nicole'".
  [/^\s*(in\s+)?(what|which)\s+(us\s+)?((city|country|state|place|town|company|book|novel|movie|film|show|song|album|band|artist|game|team|restaurant|cafe|school|university|brand|app|language)s?|cities|countries|companies|series)\b/i, NAME],
  [/\b(names?|named|called)\b/i, NAME],
];

/** A test of a sentence for the words that answer this question, or undefined when its opening says nothing of them. */
export function answerHint(question: string | null): ((sentence: string) => boolean) | undefined {
  if (!question) return undefined;
  const kind = KINDS.find(([opening]) => opening.test(question));
  if (!kind) return undefined;
  const words = kind[1];
  return (sentence) => words.test(sentence);
}
