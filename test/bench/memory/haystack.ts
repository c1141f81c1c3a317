/**
 * The ordinary rounds around the needles: greetings, thanks, "gotta run", coding help, kitchen
 * questions, travel chit-chat and general questions, drawn from the hand-written banks in
 * haystack/*.ts by a seeded PRNG, so every run posts the same rounds. Haystack rounds state no
 * personal facts: what a question asks about the user lives only in the needles.
 */
import type { PersonaId, Round } from './dataset.js';
import { closing, greeting, smallTalk } from './haystack/chat.js';
import { coding } from './haystack/coding.js';
import { general } from './haystack/general.js';
import { kitchen } from './haystack/kitchen.js';
import { travel } from './haystack/travel.js';
import { chance, isoAt, pick, rng, type Exchange, type Rng } from './haystack/random.js';

const OPENERS = ['', '', '', 'Quick question.', 'Hey!', 'Random one for you.', 'Okay, new topic.', 'Sorry if this is basic.', 'Me again.', 'Another one:', 'Hi there.', 'Got a sec?'];
const TAILS = ['', '', '', '', ' Thanks!', ' No rush.', ' Keep it short please.', ' Thanks in advance.', ' Been wondering about this all day.', ' Asking because I keep forgetting.'];

/** A question as people type it: sometimes an opener before it, sometimes a word after. */
function phrased(r: Rng, [user, reply]: Exchange): Exchange {
  const opener = pick(r, OPENERS);
  const question = opener ? `${opener} ${user.charAt(0).toUpperCase()}${user.slice(1)}` : user;
  return [`${question}${pick(r, TAILS)}`, reply];
}

interface Profile {
  seed: number;
  sessions: number;
  /** The hours (UTC) the persona chats in. */
  hours: [number, number];
  weights: { coding: number; kitchen: number; travel: number; general: number; smallTalk: number };
}

const PROFILES: Record<PersonaId, Profile> = {
  maya: { seed: 11, sessions: 64, hours: [15, 23], weights: { coding: 1, kitchen: 3, travel: 2, general: 3, smallTalk: 2 } },
  sam: { seed: 23, sessions: 68, hours: [13, 23], weights: { coding: 5, kitchen: 2, travel: 1, general: 2, smallTalk: 1 } },
  priya: { seed: 37, sessions: 62, hours: [7, 21], weights: { coding: 1, kitchen: 3, travel: 2, general: 4, smallTalk: 2 } },
  tom: { seed: 41, sessions: 58, hours: [12, 22], weights: { coding: 0, kitchen: 3, travel: 2, general: 4, smallTalk: 3 } },
  lena: { seed: 53, sessions: 66, hours: [13, 23], weights: { coding: 1, kitchen: 2, travel: 2, general: 3, smallTalk: 2 } },
};

const BANKS = { coding, kitchen, travel, general, smallTalk };
type Topic = keyof typeof BANKS;
/** What a haystack round is about: a bank's topic, or a greeting or goodbye. */
export type HaystackTopic = Topic | 'greeting';

function topicOf(r: Rng, weights: Profile['weights']): Topic {
  const entries = Object.entries(weights) as [Topic, number][];
  let x = r() * entries.reduce((n, [, w]) => n + w, 0);
  for (const [topic, w] of entries) if ((x -= w) < 0) return topic;
  return entries[0]![0];
}

const FIRST_DAY = Date.parse('2024-01-06T00:00:00Z');
const DAYS = 176;
const DAY = 86_400_000;

/** One session's exchanges: maybe a greeting, two to five questions (often on one topic), maybe a goodbye. */
function sessionExchanges(r: Rng, profile: Profile): { exchange: Exchange; topic: HaystackTopic }[] {
  const exchanges: { exchange: Exchange; topic: HaystackTopic }[] = [];
  if (chance(r, 0.55)) exchanges.push({ exchange: greeting(r), topic: 'greeting' });
  let topic = topicOf(r, profile.weights);
  const questions = 2 + Math.floor(r() * 4);
  for (let i = 0; i < questions; i++) {
    if (i > 0 && chance(r, 0.35)) topic = topicOf(r, profile.weights);
    // The same answer twice in one session reads like a glitch: draw again (a few times at most).
    let exchange = BANKS[topic](r);
    for (let tries = 0; tries < 5 && exchanges.some((e) => e.exchange[1] === exchange[1]); tries++) exchange = BANKS[topic](r);
    exchanges.push({ exchange: topic === 'smallTalk' ? exchange : phrased(r, exchange), topic });
  }
  if (chance(r, 0.5)) exchanges.push({ exchange: closing(r), topic: 'greeting' });
  return exchanges;
}

/** The persona's haystack rounds, sessions on days apart from the needles' (`busyDays`, YYYY-MM-DD). */
export function haystackOf(persona: PersonaId, busyDays: ReadonlySet<string> = new Set()): Round[] {
  const profile = PROFILES[persona];
  const r = rng(profile.seed * 7919);
  const rounds: Round[] = [];
  const used = new Set<number>();
  for (let s = 0; s < profile.sessions; s++) {
    let day = Math.floor(r() * DAYS);
    while (used.has(day) || busyDays.has(new Date(FIRST_DAY + day * DAY).toISOString().slice(0, 10))) day = (day + 1) % DAYS;
    used.add(day);
    const [from, to] = profile.hours;
    let at = FIRST_DAY + day * DAY + (from + Math.floor(r() * (to - from))) * 3_600_000 + Math.floor(r() * 60) * 60_000;
    const sessionId = `${persona}-h${String(s).padStart(2, '0')}`;
    sessionExchanges(r, profile).forEach(({ exchange: [user, assistant], topic }, i) => {
      rounds.push({ id: `${sessionId}#${i}`, sessionId, timestamp: isoAt(at), user, assistant, topic });
      at += (1 + Math.floor(r() * 6)) * 60_000;
    });
  }
  return rounds;
}
