import * as chrono from 'chrono-node';
import { turnsOf, type Candidate, type TimeWindow } from '@memctx/read-models';
import { wordsOf } from './match.js';

/** A query that names when its answer was said, and the words that name it. */
export interface DatedQuery {
  window: TimeWindow;
  /** "on 9 November, 2022", "last week": what the query says of when, not of what. */
  phrase: string;
  /** It asks only what was said or done then ("What did we talk about yesterday?"): every record of that time answers. */
  recap: boolean;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// The day named is a UTC day; a round's time was said in its own zone, which is UTC-12 to UTC+14.
const ZONE_AHEAD_MS = 14 * HOUR_MS;
const ZONE_BEHIND_MS = 12 * HOUR_MS;
// A round tells of days before it ("yesterday I…", "last Sunday we…"): the window reaches this far past the time named.
const TOLD_LATER_DAYS = 7;
// A question that asks for a date ("When is my sister's birthday, March 3?") holds dates that are what it asks about.
const ASKS_WHEN = /^\s*when\b/i;
// "now" names no time to search, it asks for what holds today ("Where do I live now?").
const NOT_A_TIME = /^(right )?now$/i;
// chrono-node reads "last week" or "the week before August 3" as the week's first day: the window is the whole week.
const A_WEEK = /\bweek\b/i;
// chrono-node reads "the evening of 5 March" as this evening, the date lost: the part of the day is read apart.
const PART_OF_DAY_OF = /\b(?:the\s+)?(?:morning|afternoon|evening|night)\s+of\s+/gi;
// A part of today chrono-node reads without a certain day.
const PART_OF_TODAY = /^(?:this\s+(?:morning|afternoon|evening)|tonight)$/i;

// The words of a query that asks what was said or done at a time, and nothing more.
const RECAP_WORDS = new Set(`
a about an anything are ask asked be chat chatted did discuss discussed do does doing done during everything happen happened
i in is me mention mentioned my of on our over remind say said talk talked talking tell the there told up us was we were what
which you
`.split(/\s+/).filter(Boolean));

const startOfDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** chrono-node takes the nearest "May" or "Monday", which may lie ahead: memory holds what was said before now. */
function pastOrNow(start: chrono.ParsedComponents, now: Date): Date {
  const named = start.date();
  if (named <= now) return named;
  const yearless = !start.isCertain('year') && (start.isCertain('month') || start.isCertain('day'));
  return yearless ? new Date(Date.UTC(named.getUTCFullYear() - 1, named.getUTCMonth(), named.getUTCDate())) : later(named, -7 * DAY_MS);
}

/**
 * The time the query says its answer was said, when it names a day (or a part of one), a weekday, a week or a month
 * ("on 9 November, 2022", "in July", "last week", "yesterday", "the evening of 5 March"), read by chrono-node relative
 * to `now`; a day or month named without its year is the latest one not after `now`. Null when it names none, or when
 * it asks when something is.
 */
export function datedQuery(query: string, now: Date): DatedQuery | null {
  if (ASKS_WHEN.test(query)) return null;
  const parts = [...query.matchAll(PART_OF_DAY_OF)];
  const read = query.replace(PART_OF_DAY_OF, (part) => ' '.repeat(part.length));
  const aDay = (start: chrono.ParsedComponents, text: string) => start.isCertain('day') || start.isCertain('weekday') || PART_OF_TODAY.test(text.trim());
  const found = chrono.parse(read, now).find(({ start, text }) => !NOT_A_TIME.test(text.trim()) && (aDay(start, text) || start.isCertain('month')));
  if (!found) return null;
  const part = parts.find((match) => match.index + match[0].length === found.index);
  const from = part?.index ?? found.index;
  const to = found.index + found.text.length;
  const named = pastOrNow(found.start, now);
  const wholeMonth = !aDay(found.start, found.text);
  const first = startOfDay(wholeMonth ? new Date(Date.UTC(named.getUTCFullYear(), named.getUTCMonth(), 1)) : named);
  const days = A_WEEK.test(found.text) ? 7 : 1;
  const end = wholeMonth ? new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1)) : later(first, days * DAY_MS);
  const near = later(end, ZONE_BEHIND_MS);
  const recap = wordsOf(`${query.slice(0, from)} ${query.slice(to)}`).every((word) => RECAP_WORDS.has(word));
  return { window: { from: later(first, -ZONE_AHEAD_MS), near, to: later(near, TOLD_LATER_DAYS * DAY_MS) }, phrase: query.slice(from, to), recap };
}

/**
 * Whether a record said after the time named tells of it: a day or weekday it names ("yesterday", "last night",
 * "on Tuesday", "on 5 March"), read from when it was said, falls within the window's named time. "Yesterday was
 * the dentist" said the day after is what a recap of that day asks for; the rest of that week's rounds are not.
 */
export function tellsOf(text: string, said: Date, window: TimeWindow): boolean {
  return chrono.parse(text, said).some(({ start, text: phrase }) => {
    if (NOT_A_TIME.test(phrase.trim()) || !(start.isCertain('day') || start.isCertain('weekday'))) return false;
    // A time after it was said ("tomorrow", "for 3 days") is a plan, not a telling of the past.
    const at = start.date();
    return at <= said && at >= window.from && at < window.near;
  });
}

/**
 * The candidates less those said after the time named that only the window found and that do not tell of that time:
 * the week after a day is searched for what is told of it later, not for the rest of that week.
 */
export function toldOf<T extends Pick<Candidate, 'record_id' | 'created_at' | 'content' | 'user_text' | 'assistant_text'>>(
  candidates: readonly T[], window: TimeWindow, foundOtherwise: readonly string[],
): T[] {
  const kept = new Set(foundOtherwise);
  return candidates.filter((candidate) =>
    candidate.created_at < window.near || kept.has(candidate.record_id) || tellsOf(turnsOf(candidate).map((turn) => turn.text).join('\n'), candidate.created_at, window));
}
