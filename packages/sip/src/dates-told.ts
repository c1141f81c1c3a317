import * as chrono from 'chrono-node';

/*
 * A round says "yesterday", "last Friday" or "next month" from the day it was said, which a model reading the SIP
 * weeks later has to work out from the date line above it, and often does not ("When did I find the memory leak?" →
 * the day it was told, not the day before). Each such phrase gets the time it names written after it, read by
 * chrono-node from when the round was said, in UTC like the SIP's date lines: "yesterday (13 March 2025)". A phrase
 * that names a day exactly gets that day; a vague one is put against the day it was said ("last week (the week
 * before 14 March 2025)"), never given a precision it lacks; a span up to then by when it began ("for three years
 * (since about 2022)"). A phrase that already names its date, other spans and today are left as they are.
 */

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const MONTH_NAME = /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i;
const YEAR = /\b\d{4}\b/;
// "for three years", "since Monday", "until next week", "by tomorrow": a span or a bound, not the time something happened
// (a span up to when it was said is written as when it began: `since`).
// "in two weeks" may be one too ("haven't talked in a few days"), or an idiom ("Rome wasn't built in a day").
const SPAN = /^(for|since|until|till|by|within|in)\b/i;
// chrono-node leaves "the" out of "the past few months" and "(in) the last month": the weeks up to now, where "last
// month" is the month before. And "it feels like just yesterday" names no day.
const NOT_A_TIME_BEFORE = /(\bthe|\blike(\s+just|\s+it\s+was)?)\s+$/i;
// "last week", "next year": the unit next to the day said, named exactly ("the week before …", "2022"); "two weeks
// ago" a count of units back, about.
const LAST = /\b(last|past|previous)\b/i;
const NEXT = /\b(next|coming)\b/i;
const AGO = /\bago\b/i;
// "a few days ago", "a couple of days ago", "the other day": how far is a guess.
const VAGUE = /\b(few|couple|several|some|other)\b/i;
const OTHER = /\bthe other\b/i;

type Part = 'day' | 'week' | 'weekend' | 'month' | 'year';

const DAY_MS = 86_400_000;
/** The day chrono-node read, as UTC midnight (its components are in the reference's zone, UTC here). */
const dateOf = (c: chrono.ParsedComponents) => new Date(Date.UTC(c.get('year')!, c.get('month')! - 1, c.get('day')!));
const daysAfter = (c: chrono.ParsedComponents, said: Date) =>
  (dateOf(c).getTime() - Date.UTC(said.getUTCFullYear(), said.getUTCMonth(), said.getUTCDate())) / DAY_MS;

function partOf(phrase: string, start: chrono.ParsedComponents, said: Date): Part | null {
  if (/\bweekends?\b/i.test(phrase)) return 'weekend';
  if (/\bweeks?\b/i.test(phrase)) return 'week';
  if (start.isCertain('day')) return 'day';
  // A weekday alone ("on Sunday") may be the last one or the next, and "next Friday" said on a Monday this week's or the
  // week after's: it is read when said to be past, or ahead within the week ("next Sunday" said on a Sunday).
  if (start.isCertain('weekday')) return LAST.test(phrase) || (NEXT.test(phrase) && daysAfter(start, said) <= 7) ? 'day' : null;
  if (start.isCertain('month')) return 'month';
  if (start.isCertain('year')) return 'year';
  return null;
}

// "I've had them for 3 years", "been playing it for a month now": a span that runs up to when it was said.
const FOR_UNITS = /^for\b.*\b(day|week|month|year)s?$/i;
const UP_TO_NOW = /\b(have|has|'ve|been)\b/i;
// "I had been working there for 3 years": up to a time before ("I've had them" is not).
const BEFORE_THEN = /\bhad\b|'d been\b/i;
const HAVE_HAD = /\b(have|has|'ve|'s)\s+had\b/gi;

/**
 * When a span up to the time said began: "for 3 years" said in May 2023 is since about 2020, which stays true when the
 * round is read years later and "for 3 years" no longer is.
 */
function since(result: chrono.ParsedResult, said: Date, sentenceBefore: string): string | null {
  const phrase = result.text.trim();
  if (!FOR_UNITS.test(phrase) || !UP_TO_NOW.test(sentenceBefore) || BEFORE_THEN.test(sentenceBefore.replace(HAVE_HAD, ''))) return null;
  // chrono-node reads "for 3 years" as 3 years from when it was said: the span is as long back.
  const start = new Date(2 * said.getTime() - result.start.date().getTime());
  const unit = FOR_UNITS.exec(phrase)![1]!.toLowerCase();
  if (unit === 'year') return start.getUTCFullYear() === said.getUTCFullYear() ? null : `since about ${start.getUTCFullYear()}`;
  return `since about ${(unit === 'month' ? MONTH : DAY).format(start)}`;
}

/** The time a relative phrase names, in words, or null when it names none worth writing out. */
function named(result: chrono.ParsedResult, said: Date): string | null {
  const phrase = result.text.trim();
  if (SPAN.test(phrase) || YEAR.test(phrase) || MONTH_NAME.test(phrase)) return null;
  const { start } = result;
  const part = partOf(phrase, start, said);
  if (part === null) return null;
  const direction = LAST.test(phrase) || AGO.test(phrase) || OTHER.test(phrase) ? 'before' : NEXT.test(phrase) ? 'after' : null;
  const asSaid = DAY.format(said);
  const adjacent = LAST.test(phrase) || NEXT.test(phrase);
  switch (part) {
    case 'weekend':
    case 'week':
      if (direction === null) return null;
      if (adjacent) return `the ${part} ${direction} ${asSaid}`;
      return start.isCertain('day') ? `about ${DAY.format(dateOf(start))}` : null;
    case 'day': {
      const day = DAY.format(dateOf(start));
      if (day === asSaid) return null;
      return VAGUE.test(phrase) && direction ? `a few days ${direction} ${asSaid}` : day;
    }
    case 'month': {
      const month = MONTH.format(new Date(Date.UTC(start.get('year')!, start.get('month')! - 1, 1)));
      if (month === MONTH.format(said)) return null;
      return adjacent ? month : `about ${month}`;
    }
    case 'year': {
      const year = String(start.get('year'));
      if (year === String(said.getUTCFullYear())) return null;
      return adjacent ? year : `about ${year}`;
    }
  }
}

const COUNT = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const daysBefore = (said: Date, days: number) => {
  const day = new Date(said.getTime() - days * DAY_MS);
  return { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
};

// Phrases chrono-node does not read: "the other day" (some days before: named() keeps it vague), "two nights ago",
// and "Tues", missing from its weekday names.
const told = chrono.casual.clone();
told.parsers.push(
  { pattern: () => /\bthe other (?:day|night)\b/i, extract: (context) => daysBefore(context.refDate, 3) },
  {
    pattern: () => new RegExp(`\\b(\\d{1,2}|${COUNT.join('|')})\\s+nights\\s+ago\\b`, 'i'),
    extract: (context, match) => daysBefore(context.refDate, /\d/.test(match[1]!) ? Number(match[1]) : COUNT.indexOf(match[1]!.toLowerCase())),
  },
  {
    pattern: () => /\b(?:last|past|previous)\s+tues\b/i,
    extract: (context) => daysBefore(context.refDate, (context.refDate.getUTCDay() - 2 + 7) % 7 || 7),
  },
);

// Every phrase written out holds one of these; most lines hold none, and chrono-node costs more than this test.
const MAY_NAME_A_TIME = new RegExp(
  String.raw`\b(yesterday|tomorrow|ago|last|next|past|previous|coming|the other (day|night)|for (about |almost |nearly |over |around )?` +
    String.raw`(a|an|\d+|${COUNT.slice(1).join('|')}|eleven|twelve|several))\b`,
  'i',
);

const sentenceBefore = (text: string, at: number) =>
  text.slice(Math.max(text.lastIndexOf('.', at), text.lastIndexOf('!', at), text.lastIndexOf('?', at)) + 1, at);

/** `text` with the time each relative phrase in it names written after the phrase, read from when it was `said`. */
export function withDatesResolved(text: string, said: Date): string {
  if (!MAY_NAME_A_TIME.test(text)) return text;
  let out = '';
  let at = 0;
  for (const result of told.parse(text, { instant: said, timezone: 0 })) {
    // chrono-node may take the punctuation after a phrase into it ("next Sunday,").
    const end = result.index + result.text.replace(/[\s,.;:!?]+$/, '').length;
    // Written out already (a SIP's text posted back as a round, say).
    if (text.startsWith(' (', end)) continue;
    if (NOT_A_TIME_BEFORE.test(text.slice(Math.max(0, result.index - 16), result.index))) continue;
    const time = named(result, said) ?? since(result, said, sentenceBefore(text, result.index));
    if (time === null) continue;
    out += `${text.slice(at, end)} (${time})`;
    at = end;
  }
  return at === 0 ? text : out + text.slice(at);
}
