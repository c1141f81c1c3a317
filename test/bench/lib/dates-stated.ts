import * as chrono from 'chrono-node';

/*
 * Whether a SIP states the date a temporal question asks for: LoCoMo's answers are written from the session dates
 * ("7 May 2023", "the week before 27 June 2023", "2019") while the rounds say "yesterday" or "last week". The answer
 * counts as stated when it stands in the SIP as written, or, for an answer that names one day ("7 May 2023", "the
 * Friday before 15 July 2023"), when that day is written in a line ("7 May 2023", "May 7, 2023") or is the date line
 * of the day a round was said.
 */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DATE_LINE = /^\d{4}-\d{2}-\d{2}:$/;
const normal = (text: string) => text.toLowerCase().replace(/(\d)([a-z])/g, '$1 $2').replace(/[,.]/g, ' ').replace(/\s+/g, ' ').trim();
const pad = (n: number) => String(n).padStart(2, '0');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
// "The Friday before 15 July 2023": the last Friday before that day.
const WEEKDAY_BEFORE = new RegExp(`^(?:the )?(${WEEKDAYS.join('|')}) before (.+)$`, 'i');

export function dateStated(sip: string, answer: string | number | undefined): boolean {
  const written = String(answer ?? '').replace(/(\d)([A-Za-z])/g, '$1 $2');
  const text = normal(sip.split('\n').filter((line) => !DATE_LINE.test(line)).join('\n'));
  const gold = normal(written).replace(/^(the|in|on) /, '');
  if (gold !== '' && new RegExp(`(^|[^a-z0-9])${escape(gold)}($|[^a-z0-9])`).test(text)) return true;
  const weekdayBefore = WEEKDAY_BEFORE.exec(written.trim().replace(/\.$/, ''));
  let day = dayNamed(weekdayBefore ? weekdayBefore[2]! : written);
  if (weekdayBefore && day) {
    const wanted = WEEKDAYS.indexOf(weekdayBefore[1]!.toLowerCase());
    do day = new Date(day.getTime() - 86_400_000); while (day.getUTCDay() !== wanted);
  } else if (/before|after|week/i.test(written)) return false;
  if (!day) return false;
  const [d, m, y] = [day.getUTCDate(), day.getUTCMonth() + 1, day.getUTCFullYear()];
  return text.includes(`${d} ${MONTHS[m - 1]} ${y}`) || text.includes(`${MONTHS[m - 1]} ${d} ${y}`) || sip.includes(`${y}-${pad(m)}-${pad(d)}:`);
}

/** The one day a text names with its day, month and year (UTC midnight), or null. */
function dayNamed(text: string): Date | null {
  const found = chrono.parse(text, { instant: new Date('2100-01-01T00:00:00Z'), timezone: 0 })
    .find(({ start }) => start.isCertain('day') && start.isCertain('month') && start.isCertain('year'));
  return found ? new Date(Date.UTC(found.start.get('year')!, found.start.get('month')! - 1, found.start.get('day')!)) : null;
}
