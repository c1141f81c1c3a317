import * as chrono from 'chrono-node';

/*
 * Whether a SIP states the date a temporal question asks for: LoCoMo's answers are written from the session dates
 * ("7 May 2023", "the week before 27 June 2023", "2019") while the rounds say "yesterday" or "last week". The answer
 * counts as stated when it stands in the SIP as written, or, for an answer that names one day, when that day is
 * written in a line ("7 May 2023", "May 7, 2023") or is the date line of the day a round was said.
 */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DATE_LINE = /^\d{4}-\d{2}-\d{2}:$/;
const normal = (text: string) => text.toLowerCase().replace(/(\d)([a-z])/g, '$1 $2').replace(/[,.]/g, ' ').replace(/\s+/g, ' ').trim();
const pad = (n: number) => String(n).padStart(2, '0');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function dateStated(sip: string, answer: string | number | undefined): boolean {
  const written = String(answer ?? '');
  const text = normal(sip.split('\n').filter((line) => !DATE_LINE.test(line)).join('\n'));
  const gold = normal(written).replace(/^(the|in|on) /, '');
  if (gold !== '' && new RegExp(`(^|[^a-z0-9])${escape(gold)}($|[^a-z0-9])`).test(text)) return true;
  if (/before|after|week/i.test(written)) return false;
  const day = chrono.parse(written.replace(/(\d)([A-Za-z])/g, '$1 $2'), { instant: new Date('2100-01-01T00:00:00Z'), timezone: 0 })
    .find(({ start }) => start.isCertain('day') && start.isCertain('month') && start.isCertain('year'));
  if (!day) return false;
  const [d, m, y] = [day.start.get('day')!, day.start.get('month')!, day.start.get('year')!];
  return text.includes(`${d} ${MONTHS[m - 1]} ${y}`) || text.includes(`${MONTHS[m - 1]} ${d} ${y}`) || sip.includes(`${y}-${pad(m)}-${pad(d)}:`);
}
