import { stem } from 'porter2';
import { turnsOf, type Candidate, type QueryTerm } from '@memctx/read-models';
import { labelOf, NICKNAME_LETTERS, SPEAKER, type SpeakerOfTurn, type SpeakerSource } from './speaker.js';
import { ASKING_STEMS, maySpeakOfTheOther, REACTING_STEMS, speaksOfTheOther, type Readings } from './of-the-other.js';

/*
 * How a record's text bears on the query, read turn by turn and sentence by
 * sentence. Query terms are PostgreSQL's English stems (from retrieval, with
 * their idf in the scope); a word of the text is a form of a term when it has
 * that stem. PostgreSQL's English stemmer is Snowball's Porter2, which porter2
 * implements, so a turn holds a term exactly when full-text search says so:
 * "painted" is "paint", "Caroline's" is "carolin", and "career" is not "car".
 */

export interface WeightedTerm {
  lexeme: string;
  weight: number;
  /** Rare enough in the scope to pick evidence (a name said in every round is not). */
  selective: boolean;
  /**
   * Whether some record in scope holds the stem. One that none holds still weighs in the total, and no turn can
   * state it.
   */
  held: boolean;
  /** What the query says is the asker's own ("my sister"): stated only where someone's own is meant. */
  owned?: true;
  /** Written capitalised past the query's first word: a name ("What did Melanie paint?"). */
  name?: true;
}

// A stem weighs at least this much in coverage, so a name every record holds still has to be in the turn that answers.
const MIN_TERM_WEIGHT = 1;
// Past this idf a term is held by well under half of the records: it tells records apart.
const SELECTIVE_IDF = 0.9;
// Stems of the words seen lately: a user's words repeat, and stemming costs more than a look-up.
const STEMS = new Map<string, string>();
const MAX_STEMS = 50_000;

function stemOf(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    if (STEMS.size >= MAX_STEMS) STEMS.clear();
    STEMS.set(word, (stemmed = stem(word)));
  }
  return stemmed;
}

/*
 * Stems of the words that frame a question rather than name what it asks about: "what is my sister's name", "what is
 * the dog called", "what kind of music do I like", "what time is my flight", "where did I go", "what do I usually
 * get". The answer rarely repeats them ("my sister Jo", "lo-fi jazz", "6:40"), so a record holding one says nothing of
 * the question by that alone, and a scope that holds only them has not heard of what was asked. They weigh as little
 * as a word every record holds and select nothing; full-text retrieval still scores them.
 */
const FRAME_STEMS = new Set(['name', 'call', 'kind', 'sort', 'type', 'like', 'go', 'went', 'get', 'got', 'usual', 'thing', 'time', 'date', 'year', 'month']);

export function weighTerms(terms: readonly QueryTerm[], query: string | null = null): WeightedTerm[] {
  const owned = query === null ? new Set<string>() : ownedStems(query);
  const nameLexemes = query === null ? new Set<string>() : nameStems(query);
  return terms.map((term) => {
    const frame = FRAME_STEMS.has(term.lexeme);
    const weighed: WeightedTerm = { lexeme: term.lexeme, weight: frame ? MIN_TERM_WEIGHT : Math.max(term.idf, MIN_TERM_WEIGHT), selective: !frame && term.idf >= SELECTIVE_IDF, held: term.df > 0 };
    if (owned.has(term.lexeme) && !frame) weighed.owned = true;
    if (nameLexemes.has(term.lexeme)) weighed.name = true;
    return weighed;
  });
}

const nameStems = (query: string) => new Set((query.match(/[\p{L}\p{N}'-]+/gu) ?? []).slice(1).filter((word) => /^\p{Lu}/u.test(word) && word !== 'I').map((word) => stemOf(word.toLowerCase().replace(/'s$/u, ''))));

/*
 * "What is my blood type?": the thing asked about is the asker's own, so a sentence of a conversation that names it
 * of no one ("octopuses have three hearts and blue blood", "Why do cats purr?") does not state it, where one that
 * speaks of someone's own does ("my blood type is O negative", "your cat Miso"). The word owned is the first after "my"
 * (or of "which … do I", below) but for a few that only qualify it ("my usual coffee order": coffee), and only a
 * common noun: a name is specific enough wherever it is said. Nor is the thing named by a word that is part of a
 * hyphenated compound ("daughter-in-law", "dog-eared"). "Our" is left out: "our roadmap", "our API" belong to a team
 * whose notes name them of no one; and a document chunk states what it names (it addresses no one, or everyone).
 */
const OWNER = /\bmy\s+([\p{L}\p{N}'\s-]+)/giu;
const QUALIFIERS = new Set(['next', 'usual', 'current', 'new', 'old', 'first', 'last', 'favourite', 'favorite', 'own', 'main', 'best', 'latest', 'regular', 'daily', 'weekly', 'little', 'big', 'younger', 'older', 'late', 'two', 'three', 'four', 'five', 'many', 'few', 'several', 'both', 'all']);
const PERSONAL = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves', 'you', 'your', 'yours', 'yourself']);
const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

// "Which bank do I use?", "What car did I buy?": the thing asked about is the asker's own as much ("What beer should I
// order?" asks for advice, not a fact of theirs).
const ASKED_OF_ME = /\b(?:what|which)\s+(?:(?:kind|sort|type)\s+of\s+)?([\p{L}\p{N}'\s-]+?)\s+(?:do|did|am|was)\s+i\b/giu;

function ownedStems(query: string): Set<string> {
  const owned = new Set<string>();
  for (const match of [...query.matchAll(OWNER), ...query.matchAll(ASKED_OF_ME)]) {
    const word = match[1]!.match(/[\p{L}\p{N}]+/gu)?.find((w) => !QUALIFIERS.has(w.toLowerCase()) && w !== 's' && !/^\d+$/.test(w));
    if (word && word === word.toLowerCase()) owned.add(stemOf(word));
  }
  return owned;
}

const NONE: ReadonlySet<WeightedTerm> = new Set();

/** The owned terms a turn holds only in sentences that speak of no one's own: they do not count as stated there. */
function unowned(text: string, held: readonly WeightedTerm[]): ReadonlySet<WeightedTerm> {
  const owned = held.filter((term) => term.owned);
  if (owned.length === 0) return NONE;
  const personal = sentencesOf(text).filter((sentence) => wordsOf(sentence).some((word) => PERSONAL.has(word)));
  const stating = personal.flatMap((sentence) => wordsOf(sentence.replace(HYPHENATED, ' ')));
  return new Set(owned.filter((term) => termsIn(stating, [term]).length === 0));
}

export const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A text's sentences, trimmed, with line breaks as boundaries too. */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?…])\s+|\n+/u).map((s) => s.trim()).filter(Boolean);
}

/** The stems of a text's words, as full-text search reads them. */
export const stemsOf = (text: string) => wordsOf(text).map(stemOf);

// A word can only have a stem it begins with, but for the stem's last letter (Porter2 writes "happy" as "happi" and
// "hoping" as "hope"), so only such words are stemmed.
const headOf = (lexeme: string) => (lexeme.length > 1 ? lexeme.slice(0, -1) : lexeme);

export function termsIn(words: readonly string[], terms: readonly WeightedTerm[]): WeightedTerm[] {
  return terms.filter((term) => {
    if (!term.held) return false;
    const head = headOf(term.lexeme);
    return words.some((word) => word.startsWith(head) && stemOf(word) === term.lexeme);
  });
}

const matchedTerms = (text: string, terms: readonly WeightedTerm[]): WeightedTerm[] => termsIn(wordsOf(text), terms);

export const weightOf = (terms: readonly Pick<WeightedTerm, 'weight'>[]) => terms.reduce((sum, term) => sum + term.weight, 0);

/**
 * The query's terms that name a speaker of the transcripts in view (a turn labelled "Caroline: ", or called
 * "Caroline" by the other side, makes "carolin" one): a question about what a named person said is answered by that
 * person's turns.
 */
export function speakerTerms(records: readonly SpeakerSource[], terms: readonly WeightedTerm[], speakerOfTurn: SpeakerOfTurn = labelOf): WeightedTerm[] {
  const speakers = new Set(records.flatMap((record) => turnsOf(record).map((turn) => speakerOfTurn(record, turn)).filter((s): s is string => s !== null)));
  return terms.filter((term) => [...speakers].some((speaker) => namesSpeaker(speaker, term)));
}

// A speaker's name holds the term, or is what a name the query writes is short for: "Mel" is called so by one who
// asks about "Melanie".
const namesSpeaker = (speaker: string, term: WeightedTerm) =>
  matchedTerms(speaker, [term]).length > 0 || (term.name === true && wordsOf(speaker).some((word) => word.length >= NICKNAME_LETTERS && term.lexeme.startsWith(word)));

export interface TurnEvidence {
  /** The share of the query's weight one turn states, at best. */
  coverage: number;
  /** The closest embedding similarity among the same turns (null when none is embedded). */
  similarity: number | null;
  /**
   * When the query names speakers (by a turn's label, or by how the other side addresses them): coverage and selective
   * coverage over the named speakers' turns (and those of no known speaker) alone, but for what such a turn only asks
   * or says of the one spoken to ("How's the store going?", "Your store looks great!"). `coverage` ranks by every
   * turn: another speaker's turn often speaks of the one named ("Wow, Maria! …"), yet does not say what they did.
   */
  named?: { coverage: number; selectiveCoverage: number };
  /**
   * The share of the query's selective words' weight one turn states, at best; when no word of the query is
   * selective (the whole scope is about it), the share of all its words.
   */
  selectiveCoverage?: number;
}

/** The query's terms a turn states: its words', and its speaker's name, but for owned things said of no one's own. */
function statedIn(text: string, terms: readonly WeightedTerm[], itsSpeaker: readonly WeightedTerm[], readOwned: boolean): WeightedTerm[] {
  const said = termsIn(wordsOf(text), terms);
  const held = itsSpeaker.length === 0 ? said : [...new Set([...said, ...itsSpeaker])];
  const notStated = readOwned ? unowned(text, held) : NONE;
  return notStated.size === 0 ? held : held.filter((term) => !notStated.has(term));
}

/**
 * What a named speaker's turn states of the speaker: a turn whose words of the query stand only in what it asks, says
 * of the one spoken to or reacts to of theirs (of-the-other.ts: "Hey Gina! How's the store going?", "Your store looks
 * great!", "That workshop sounds cool.") states them of that other one, not of its speaker; one that says something
 * of them itself and asks back ("I love sci-fi movies. What's your favourite genre?") states all it holds.
 */
function statedOfThemselves(
  text: string,
  stated: WeightedTerm[],
  terms: readonly WeightedTerm[],
  itsSpeaker: readonly WeightedTerm[],
  readings: Readings,
): WeightedTerm[] {
  if (!maySpeakOfTheOther(text)) return stated;
  // A label ("Joanna: ") is no part of the first sentence's opening.
  const ownSentences = sentencesOf(text.trimStart().replace(SPEAKER, '')).filter((sentence) => !speaksOfTheOther(sentence, readings));
  const declared = statedIn(ownSentences.join(' '), terms, itsSpeaker, readings.readOwned);
  return declared.some((term) => !itsSpeaker.includes(term)) ? stated : declared;
}

type Assessed = SpeakerSource & Pick<Candidate, 'user_similarity' | 'reply_similarity'>;

/**
 * How well one turn of the record states the query: coverage is 1 when a
 * single utterance holds every query term and near 0 when the record only
 * shares common words with it. Per turn, so what one speaker did is not
 * answered by another's words: when the query names speakers, `named` reads
 * their turns alone, for the flags; every turn still ranks the record.
 */
export function assess(record: Assessed, terms: readonly WeightedTerm[], speakers: readonly WeightedTerm[] = [], speakerOfTurn: SpeakerOfTurn = labelOf): TurnEvidence {
  const total = weightOf(terms);
  const selective = terms.filter((term) => term.selective);
  const selectiveTotal = weightOf(selective);
  // Most queries own nothing: their turns need no reading by sentence.
  const owns = terms.some((term) => term.owned);
  const askingCounts = speakers.length > 0 && terms.some((term) => ASKING_STEMS.has(term.lexeme));
  const reactingCounts = speakers.length > 0 && terms.some((term) => REACTING_STEMS.has(term.lexeme));
  let coverage = 0;
  let selectiveCoverage = 0;
  const named = { coverage: 0, selectiveCoverage: 0 };
  let similarity: number | null = null;
  const sharesOf = (stated: readonly WeightedTerm[]) => ({
    coverage: total > 0 ? weightOf(stated) / total : 0,
    selectiveCoverage: selectiveTotal > 0 ? weightOf(stated.filter((term) => term.selective)) / selectiveTotal : 0,
  });
  for (const turn of turnsOf(record)) {
    const speaker = speakers.length > 0 ? speakerOfTurn(record, turn) : null;
    // A turn names its own speaker, as a label would: "I painted a sunrise" said by Melanie states "Melanie" too.
    const itsSpeaker = speaker === null ? [] : speakers.filter((term) => namesSpeaker(speaker, term));
    const readOwned = owns && turn.role !== null;
    const stated = statedIn(turn.text, terms, itsSpeaker, readOwned);
    const shares = sharesOf(stated);
    coverage = Math.max(coverage, shares.coverage);
    selectiveCoverage = Math.max(selectiveCoverage, shares.selectiveCoverage);
    const side = turn.role === 'assistant' ? record.reply_similarity : record.user_similarity;
    if (side !== null && side !== undefined) similarity = Math.max(similarity ?? side, side);
    if (speakers.length === 0 || (speaker !== null && itsSpeaker.length === 0)) continue;
    // A turn of no known speaker may be anyone's: only a named speaker's is read for what it says of the other.
    const own = itsSpeaker.length > 0 ? statedOfThemselves(turn.text, stated, terms, itsSpeaker, { readOwned, askingCounts, reactingCounts }) : stated;
    const ownShares = own === stated ? shares : sharesOf(own);
    named.coverage = Math.max(named.coverage, ownShares.coverage);
    named.selectiveCoverage = Math.max(named.selectiveCoverage, ownShares.selectiveCoverage);
  }
  const selectiveOf = (cover: { coverage: number; selectiveCoverage: number }) => (selectiveTotal > 0 ? cover.selectiveCoverage : cover.coverage);
  const base = { coverage, similarity, selectiveCoverage: selectiveOf({ coverage, selectiveCoverage }) };
  return speakers.length > 0 ? { ...base, named: { coverage: named.coverage, selectiveCoverage: selectiveOf(named) } } : base;
}
