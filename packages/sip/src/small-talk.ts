import { turnsOf, type TurnSource } from '@memctx/read-models';
import { ADDRESSED, SPEAKER } from './speaker.js';

/*
 * Greetings, thanks and goodbyes state nothing a question could ask about, yet
 * they are close to any short query by embedding and recent by date. A record
 * is small talk when none of its turns holds two words beyond function words
 * and such pleasantries and one of them greets or thanks; a SIP with a query
 * never cites one, nor a line that says nothing once cut (a record found by
 * meaning alone is cut to its opening), nor a greeting answered in a few words.
 */
const PLEASANTRIES = new Set(`
a about again all also am an and any anytime are as at awesome aw aww back bad be been brb bye byebye catch cheers chat chatting cool course
day definitely did do doing dont enjoy enjoyed evening everything exactly fantastic feel fine for from fun glad go going good goodbye goodnight
got gotta great gtg had happy has have haha hahaha having he hear heard hello help helped helpful her hey hi him his hope how i i'd i'll i'm im
in is it it's its just keep kind know later let lets lol lot love lovely makes me meet more morning much my nice night no not now np of off
oh ok okay on one or our pleasure really right run say see sense she so soon sounds sure take talk talking thank thanks that thats the them
there they thing things this thx time to today too ttyl ty up us very wait was way we welcome well were what whenever will wish with wonderful
words would wow yeah yep yes you you're your yours
`.split(/\s+/).filter(Boolean));

const SUBSTANTIVE_WORDS = 2;

const WORD = /[\p{L}\p{N}']+/gu;

// Chat draws greetings out ("heyyy", "thanksss", "byeee"): a letter said three times or more counts once.
const DRAWN_OUT = /(\p{L})\1{2,}/gu;
const squeezed = (text: string) => text.replace(DRAWN_OUT, '$1');

/** How many words of `text` are not pleasantries, counted up to `enough` (the callers only ask "fewer than n?"). */
function substantive(text: string, enough: number): number {
  let count = 0;
  for (const [word] of squeezed(text.toLowerCase()).matchAll(WORD)) {
    if (!PLEASANTRIES.has(word.replace(/'s$/, '')) && ++count >= enough) break;
  }
  return count;
}

// Words that make a short sentence a greeting, thanks or exclamation rather than a short answer ("A sunrise.").
const GREETING = /\b(hi|hey|hiya|heya|hello|yo|thanks|thank|thx|ty|wow|oh|aw+|haha|lol|cheers|bye|goodbye|brb|ttyl|gtg|morning|afternoon|evening|welcome|np|congrats|congratulations|great|awesome|cool|nice|perfect|exactly|noted|glad|sure|okay|ok|yeah|yes)\b/i;

/** A sentence that says nothing beyond a greeting or thanks, maybe with a name ("Hey Mel!", "how are you today?"). */
export function isPleasantry(sentence: string): boolean {
  const words = substantive(sentence, SUBSTANTIVE_WORDS);
  return words === 0 || (words < SUBSTANTIVE_WORDS && GREETING.test(squeezed(sentence)));
}

/** A greeting without the name it is addressed to ("Sure thing, Tim!" says nothing of Tim); any other sentence as it is. */
export const withoutAddressee = (sentence: string): string => (isPleasantry(sentence) ? sentence.replace(ADDRESSED, ' ') : sentence);

// What a reply to a bare greeting may hold and still say nothing ("Hi! Fire away.", "Ready when you are.").
const GREETING_REPLY_WORDS = 3;

/**
 * A SIP line (`user → assistant`, each side maybe cut and labelled) that says nothing: every side pleasantries
 * ("hello! → Hi! …"), or a greeting answered in a few words ("hiya → … Fire away."). A reply to a greeting that tells
 * news ("Hey Caroline! I went camping with my kids last week.") is kept.
 */
export function isSmallTalkLine(line: string): boolean {
  const sides = line.split(' → ').map((side) => side.replace(/…/g, ' ').trim().replace(SPEAKER, ''));
  if (onlyPleasantries(sides)) return true;
  const [opening, ...replies] = sides;
  return replies.length > 0 && isPleasantry(opening!) && replies.every((reply) => substantive(reply, GREETING_REPLY_WORDS) < GREETING_REPLY_WORDS);
}

// Every side is a greeting, thanks or nothing at all: "What did you paint? → A sunrise." is not, nor is news
// congratulated ("I got the job! → Congratulations!"), whose one word of substance greets no one.
const onlyPleasantries = (sides: readonly string[]) => sides.every(isPleasantry);

// A sentence or line with fewer words than this beyond pleasantries says too little to stand for a turn.
const INFORMATIVE_WORDS = 4;

/** Whether a sentence or line says enough beyond pleasantries to stand for a turn ("Big day." does not). */
export const isInformative = (text: string): boolean => substantive(text, INFORMATIVE_WORDS) >= INFORMATIVE_WORDS;

/** A conversation round (a document chunk has no user side) whose user turn has under four words beyond pleasantries. */
export const userSaysLittle = (record: { user_text: string | null }): boolean =>
  record.user_text !== null && !isInformative(record.user_text.replace(SPEAKER, ''));

// A name (a capitalised word past a sentence's first) or a number: what small talk never names.
const SPECIFIC = /\d|[^.!?…\s]\s+(?!I\b|I'|I’)\p{Lu}/u;

/** Whether a text names something specific: a place, a person, a number. */
export const namesSomething = (text: string): boolean => SPECIFIC.test(text);

/**
 * Whether a round's user side names something specific: "Just off a twelve-hour in the ICU at Lakeside Memorial and
 * I'm too wired to sleep" is a fact said with a mood, not chatter.
 */
export const userNamesSomething = (record: { user_text: string | null }): boolean =>
  record.user_text !== null && namesSomething(record.user_text.replace(SPEAKER, ''));

export function isSmallTalk(record: TurnSource): boolean {
  return onlyPleasantries(turnsOf(record).map((turn) => turn.text.replace(SPEAKER, '')));
}

/*
 * Small talk by meaning: moods, weather, jokes and "how fast this year is going" hold more than two words, so the
 * word test above passes them, yet they state nothing a question asks about. Their vectors sit together; a record
 * closer to the middle of a few such phrases than to the query is chatter, unless it states much of the query
 * (compose.ts says how much). The phrases are generic (nothing of any benchmark's conversations) and embedded once per
 * embedder.
 */
export const SMALL_TALK_PHRASES: readonly string[] = [
  'how are you doing today', 'good morning!', 'hi there, hope you are well', 'thanks so much, that helps', 'ok bye, talk later',
  'I am so tired today', 'ugh, what a long day', 'I am bored', 'feeling kind of down', 'I am in a great mood',
  'the weather is lovely today', 'it is raining again', 'tell me a joke', 'say something funny', 'give me a fun fact',
  'lol that is hilarious', 'time flies', 'happy friday!', 'I need a break', 'just wanted to chat',
];

const centroids = new WeakMap<object, Promise<number[]>>();

/** The normalised mean of the small-talk phrases' vectors, as `embedder` embeds queries (computed once per embedder). */
export function smallTalkVector(embedder: { embedQuery(text: string): Promise<ArrayLike<number>> }): Promise<number[]> {
  let centroid = centroids.get(embedder);
  if (!centroid) {
    centroid = Promise.all(SMALL_TALK_PHRASES.map((phrase) => embedder.embedQuery(phrase))).then((vectors) => {
      const mean = Array.from(vectors[0]!, (_, i) => vectors.reduce((sum, v) => sum + v[i]!, 0) / vectors.length);
      const norm = Math.hypot(...mean) || 1;
      return mean.map((x) => x / norm);
    });
    // A failed embedding (the model not loaded yet) is tried again by the next build, not remembered.
    centroid.catch(() => centroids.delete(embedder));
    centroids.set(embedder, centroid);
  }
  return centroid;
}
