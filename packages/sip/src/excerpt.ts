import { turnsOf, type Turn, type TurnSource } from '@memctx/read-models';
import { countTokens, truncateCounted } from '@memctx/tokens';
import { sentencesOf, termsIn, weightOf, wordsOf, type WeightedTerm } from './match.js';
import { isInformative, isPleasantry, namesSomething, withoutAddressee } from './small-talk.js';
import { SPEAKER } from './speaker.js';

/*
 * What of a record a SIP line shows for a query: the sentences that bear on it (match.ts says which words do), in a
 * line's room.
 */

// Identifiers in code and docs join words in camel case (`keyPrefix`, `enableOfflineQueue`): picking the sentences
// that bear on a query, their parts count as words too ("How do I prefix every key?"), beside the whole. Only here:
// how much of the query a turn states (match.ts) reads words as full-text search does.
const CAMEL = /\p{Ll}\p{Lu}/u;
const CAMEL_JOINS = /(\p{Ll})(\p{Lu})/gu;
const sentenceWordsOf = (text: string) => (CAMEL.test(text) ? [...wordsOf(text), ...wordsOf(text.replace(CAMEL_JOINS, '$1 $2'))] : wordsOf(text));
const matchedTerms = (text: string, terms: readonly WeightedTerm[]): WeightedTerm[] => termsIn(sentenceWordsOf(text), terms);

// A compound that begins with a query word ("campfire" for "camping", "bookshelf" for "book") points at the sentence
// that holds it, at a share of the word's worth: stems only meet a word's own forms. Short stems begin too many words.
const COMPOUND_WORTH = 0.5;
const MIN_COMPOUND_STEM = 4;
const COMPOUND_TAIL = 3;
const compoundsIn = (words: readonly string[], terms: readonly WeightedTerm[]): WeightedTerm[] =>
  terms.filter(({ lexeme }) => words.some((word) => word.length >= lexeme.length + COMPOUND_TAIL && word.startsWith(lexeme)));

/**
 * A SIP line cut from longer turns that, as cut, says too little to cite: a few words beyond pleasantries and no
 * selective word of the query ("Okay, new topic. … → How about a soup? …"). A whole short turn stays: "I'm vegan
 * now." states a fact in three words.
 */
export function saysTooLittle(line: string, terms: readonly WeightedTerm[]): boolean {
  if (!line.includes('…')) return false;
  const text = line.replace(/…/g, ' ');
  return !isInformative(text) && matchedTerms(text, terms.filter((term) => term.selective)).length === 0;
}

// A sentence that names the topic through a pronoun ("Highly recommend it!") leaves what it is to the one before
// ("I loved 'Becoming Nicole'."), so that one is kept too.
const REFERS_BACK = /\b(it|its|that|this|these|those|they|them|there|one|he|she|him|her)\b/i;

const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What of one turn is worth its tokens for this query: the sentences holding
 * a selective query term, each with the sentence after it (an answer often
 * follows the sentence that names the topic) and, when it refers back, the one
 * before it, a sentence holding a compound that begins with one ("campfire"
 * for "camping"), and the sentences holding what the question asks for (`answers`:
 * a date for "when", a number for "how many"); a turn with none keeps its
 * first sentence that says something, so a reply to the question that was
 * asked is not lost, and a user's turn (`userSide`) also its first sentence
 * naming something; and a reply to a turn that asked something
 * (`repliesToQuestion`) naming no query word keeps its opening, past a
 * greeting: "Which one do you love the most? → Pepperoni of course!" answers in
 * words the query need not share. Past `maxTokens`, the sentences stating most
 * of the query are the ones kept. Omitted stretches show as "…".
 */
export function excerptTurn(
  text: string,
  terms: readonly WeightedTerm[],
  answers?: (sentence: string) => boolean,
  maxTokens = Infinity,
  { repliesToQuestion = false, userSide = false }: { repliesToQuestion?: boolean; userSide?: boolean } = {},
): string {
  const flat = flatten(text);
  const said = text.trim();
  const labelled = SPEAKER.exec(said)?.[0] ?? '';
  const label = labelled.replace(/\s+/g, ' ');
  // Split before flattening: a list item, a heading or a line of code ends at its line break, not at the next full stop.
  const sentences = sentencesOf(said.slice(labelled.length)).map(flatten);
  const selective = terms.filter((term) => term.selective);
  if (sentences.length <= 1 || selective.length === 0) return flat;
  const compoundable = selective.filter(({ lexeme }) => lexeme.length >= MIN_COMPOUND_STEM);
  const chosen = chooseSentences(sentences);
  let named = false;
  sentences.forEach((sentence, i) => {
    const words = sentenceWordsOf(sentence);
    const matched = termsIn(words, selective);
    // A greeting that names someone the query names ("Sure thing, Tim!") says nothing of what is asked about them.
    const unaddressed = matched.length > 0 ? withoutAddressee(sentence) : sentence;
    const weight = weightOf(unaddressed === sentence ? matched : matchedTerms(unaddressed, matched));
    if (weight > 0) {
      named = true;
      chosen.keep(i, weight);
      chosen.keep(i + 1, weight * FOLLOWING_WORTH, i);
      if (i > 0 && REFERS_BACK.test(sentence)) chosen.keep(i - 1, weight * REFERRED_WORTH, i);
    }
    else {
      const compounds = weightOf(compoundsIn(words, compoundable));
      if (compounds > 0) chosen.keep(i, compounds * COMPOUND_WORTH);
      else if (answers?.(sentence)) chosen.keep(i, ANSWER_HINT_WORTH);
    }
  });
  const firstSaying = () => sentences.findIndex((sentence) => !isPleasantry(sentence));
  // None bears on the query: the opening stands for the turn, past a greeting or a few words that would say nothing
  // ("Big day." before "Mike and the family got the keys to their house in Burlington").
  if (!chosen.any()) {
    const firstInformative = sentences.findIndex(isInformative);
    chosen.keep(firstInformative >= 0 ? firstInformative : Math.max(0, firstSaying()), 1);
    // What users tell of themselves names something ("honestly nothing beats Ethiopian for me" after "date night
    // tomorrow and I get to pick the restaurant."): a user's turn keeps that sentence too. Not a reply: assistants
    // name things in passing, and the room they would take costs other records their lines.
    if (userSide) {
      const naming = sentences.findIndex((sentence) => isInformative(sentence) && namesSomething(sentence));
      if (naming >= 0) chosen.keep(naming, 1);
    }
  }
  // A reply to a question that names no query word opens with its answer, however short ("Pepperoni of course!"
  // before "An amazing combination of salami and cheese.").
  if (repliesToQuestion && !named) {
    const opening = firstSaying();
    if (opening >= 0) chosen.keep(opening, 1);
  }
  const kept = chosen.within(maxTokens);
  const parts: string[] = [];
  // An omitted stretch shows as "…", once: a sentence cut short already ends with one.
  const omitted = () => parts.length > 0 && !parts.at(-1)!.endsWith('…') && parts.push('…');
  let gap = false;
  sentences.forEach((_, i) => {
    const shown = kept.get(i);
    if (shown === undefined) gap = true;
    else {
      if (gap) omitted();
      parts.push(shown);
      gap = false;
    }
  });
  if (gap) omitted();
  if (!kept.has(0)) parts.unshift('…');
  return `${label}${parts.join(' ')}`;
}

// The sentence after one holding query words is worth this share of it, the one its pronoun refers back to more, and
// one holding what the question asks for (a date for "when") ranks below any holding a query word (each weighs ≥ 1).
const FOLLOWING_WORTH = 0.5;
const REFERRED_WORTH = 0.75;
const ANSWER_HINT_WORTH = 0.5;
const FITTING_CHARS_PER_TOKEN = 3;
// A sentence longer than the room left (a code block runs to the next full stop) is cut to it if this much is left and
// it states at least this share of what the best sentence does: a word said in passing is not worth a fragment.
const SMALLEST_CUT_TOKENS = 8;
const CUT_WORTH_SHARE = 0.5;

/**
 * The sentences of a turn worth keeping, each with what it is worth; a companion (the sentence after one that holds
 * query words, or the one its pronoun refers to) is kept only for its neighbour's sake.
 */
function chooseSentences(sentences: readonly string[]) {
  const worth = new Map<number, number>();
  const companionOf = new Map<number, number[]>();
  const own = new Set<number>();
  return {
    any: () => worth.size > 0,
    keep(i: number, value: number, forNeighbour?: number): void {
      if (i >= sentences.length) return;
      worth.set(i, Math.max(worth.get(i) ?? 0, value));
      if (forNeighbour === undefined) own.add(i);
      else companionOf.set(i, [...(companionOf.get(i) ?? []), forNeighbour]);
    },
    /**
     * Those that fit in `maxTokens`, the most worth first (the first always), a companion only beside its neighbour:
     * in a long section a query word said in passing early on would otherwise fill the line, and the sentence stating
     * most of the query be cut off after it ("paid" in a meals paragraph before "reimbursed at 67 cents per mile").
     */
    within(maxTokens: number): Map<number, string> {
      const all = new Map([...worth.keys()].map((i) => [i, sentences[i]!]));
      // Most excerpts fit, and counting costs: text under three characters a token (English runs about four) is taken
      // as fitting unread (should it not, the line is cut at its end as before); past that each sentence is counted
      // once, for the whole and for the choice.
      if ([...all.values()].join(' ').length <= maxTokens * FITTING_CHARS_PER_TOKEN) return all;
      const tokensOf = new Map([...all].map(([i, sentence]) => [i, countTokens(sentence)]));
      if ([...tokensOf.values()].reduce((sum, tokens) => sum + tokens, 0) <= maxTokens) return all;
      const kept = new Map<number, string>();
      const best = Math.max(...worth.values());
      let used = 0;
      for (const [i, value] of [...worth].sort((a, b) => b[1] - a[1] || a[0] - b[0])) {
        if (!own.has(i) && !companionOf.get(i)!.some((neighbour) => kept.has(neighbour))) continue;
        const sentence = sentences[i]!;
        const tokens = tokensOf.get(i)!;
        const room = maxTokens - used;
        if (kept.size === 0 || tokens <= room) {
          kept.set(i, sentence);
          used += tokens;
        } else if (room >= SMALLEST_CUT_TOKENS && own.has(i) && value >= best * CUT_WORTH_SHARE) {
          kept.set(i, `${truncateCounted(sentence, room - 1).text.trimEnd()}…`);
          used = maxTokens;
        }
      }
      return kept;
    },
  };
}

// An excerpt that shows a question: the reply opens with its answer. Only a question the excerpt kept, one that bears
// on the query, is worth the reply's opening; a reply to "How was your weekend?" opens on something else.
const asks = (excerpt: string) => QUESTION_END.test(excerpt);
const QUESTION_END = /\?(?=\s|…|$)/u;
const TURN_JOIN = ' → ';
// What the join between two turns costs, so the turns cut to their rooms fit the line together.
const JOIN_TOKENS = 2;

/** A record as it reads in the SIP: a round as `user → assistant`, each side cut to what bears on the query. */
export function excerpt(record: TurnSource, terms: readonly WeightedTerm[], answers?: (sentence: string) => boolean, maxTokens = Infinity): string {
  if (maxTokens !== Infinity) return excerptLine(record, terms, answers, maxTokens).text;
  const turns = turnsOf(record);
  return excerptTurns(turns, terms, answers, turns.map(() => Infinity)).join(TURN_JOIN);
}

/**
 * The same within `maxTokens`, and its token count. When the sides do not fit, each has an equal share of the room
 * and what one needs less of goes to the other: a long question must not leave its reply, which holds the answer, no
 * room at all. A line past its room still (a sentence runs past it) is the caller's to cut.
 */
export function excerptLine(record: TurnSource, terms: readonly WeightedTerm[], answers: ((sentence: string) => boolean) | undefined, maxTokens: number): { text: string; tokens: number } {
  const turns = turnsOf(record);
  const parts = excerptTurns(turns, terms, answers, turns.map(() => maxTokens));
  const text = parts.join(TURN_JOIN);
  const tokens = countTokens(text);
  if (turns.length < 2 || tokens <= maxTokens) return { text, tokens };
  const room = maxTokens - JOIN_TOKENS * (turns.length - 1);
  const needs = parts.map((part) => countTokens(part));
  const share = Math.floor(room / turns.length);
  const spare = needs.reduce((sum, n) => sum + Math.max(0, share - n), 0);
  const over = needs.filter((n) => n > share).length;
  const rooms = needs.map((n) => (n <= share ? n : share + Math.floor(spare / over)));
  const fittedText = excerptTurns(turns, terms, answers, rooms).map((part, i) => fitted(part, rooms[i]!)).join(TURN_JOIN);
  return { text: fittedText, tokens: countTokens(fittedText) };
}

// Each turn's excerpt within its room; a reply is told whether the excerpt before it kept a question.
function excerptTurns(turns: readonly Turn[], terms: readonly WeightedTerm[], answers: ((sentence: string) => boolean) | undefined, rooms: readonly number[]): string[] {
  const parts: string[] = [];
  turns.forEach((turn, i) => parts.push(excerptTurn(turn.text, terms, answers, rooms[i], { repliesToQuestion: i > 0 && asks(parts[i - 1]!), userSide: turn.role === 'user' })));
  return parts;
}

// A turn's excerpt cut to its room, marked as cut (one sentence may run past it: a code block, a long list).
function fitted(part: string, room: number): string {
  const cut = truncateCounted(part, room - 1);
  return cut.truncated ? `${cut.text.trimEnd()}…` : part;
}
