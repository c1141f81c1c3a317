/**
 * The memory benchmark's conversations: one user and an assistant per conversation, turns without
 * speaker labels, ISO-8601 timestamps. Each persona (its own project) has a haystack of ordinary
 * rounds (haystack.ts, seeded) with hand-written needle sessions among them (needles/*.ts) at known
 * dates, and questions whose evidence is named needle rounds. Everything is built in memory and is
 * the same on every run.
 */
import { answerWordsIn } from '../lib/memory-bench.js';
import { haystackOf, type HaystackTopic } from './haystack.js';
import { isoAt } from './haystack/random.js';
import * as assistant from './needles/single-session-assistant.js';
import * as user from './needles/single-session-user.js';
import * as preference from './needles/preference.js';
import * as update from './needles/knowledge-update.js';
import * as temporal from './needles/temporal.js';
import * as multi from './needles/multi-session.js';
import * as unanswerable from './needles/unanswerable.js';
import * as notMentioned from './needles/not-mentioned.js';

export const CATEGORIES = [
  'single-session-user', 'single-session-assistant', 'preference', 'knowledge-update', 'temporal', 'multi-session', 'unanswerable', 'not-mentioned',
  'not-yet-said',
] as const;
export type Category = (typeof CATEGORIES)[number];
/**
 * Questions nothing in memory answers: with a distractor planted, on subjects never touched, and (asked of an earlier
 * part of the conversations, as-of.ts) answered only by what is said later.
 */
export const UNANSWERABLE: ReadonlySet<Category> = new Set(['unanswerable', 'not-mentioned', 'not-yet-said']);
export type Split = 'dev' | 'heldout';

export const PERSONAS = ['maya', 'sam', 'priya', 'tom', 'lena'] as const;
export type PersonaId = (typeof PERSONAS)[number];
/** Held out whole: calibration never sees this persona's conversations. */
export const HELDOUT_PERSONA: PersonaId = 'lena';

/** A hand-written session: rounds of [user message, assistant reply], a few minutes apart from `at`. */
export interface NeedleSession {
  id: string;
  persona: PersonaId;
  at: string;
  rounds: [string, string][];
}

export interface QuestionSpec {
  id: string;
  persona: PersonaId;
  question: string;
  answer: string;
  /** Needle rounds that hold the answer, as `<session id>#<round index>`; none for unanswerable questions. */
  evidence: string[];
  /** Knowledge updates: the earlier value(s), and the value that replaced them, as written in the rounds. */
  stale?: string[];
  current?: string;
}

export interface Question extends QuestionSpec {
  category: Category;
  split: Split;
  /** The answer's content words are all written in the evidence rounds' text. */
  answerInEvidence: boolean;
}

export interface Round {
  id: string;
  sessionId: string;
  timestamp: string;
  user: string;
  assistant: string;
  /** Haystack rounds: what the round is about; needle rounds have none. */
  topic?: HaystackTopic;
}

export interface PersonaData {
  persona: PersonaId;
  rounds: Round[];
  questions: Question[];
}

const modules: Record<Exclude<Category, 'not-yet-said'>, { sessions: NeedleSession[]; questions: QuestionSpec[] }> = {
  'single-session-user': user,
  'single-session-assistant': assistant,
  preference,
  'knowledge-update': update,
  temporal,
  'multi-session': multi,
  unanswerable,
  'not-mentioned': notMentioned,
};

/** FNV-1a, 32 bits: a fixed hash, so a question's split never changes between runs or machines. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

export const splitOf = (id: string, persona: PersonaId): Split => (persona === HELDOUT_PERSONA || fnv1a(id) % 100 < 14 ? 'heldout' : 'dev');

export function needleRounds(session: NeedleSession): Round[] {
  const start = Date.parse(session.at);
  return session.rounds.map(([userMessage, reply], i) => ({
    id: `${session.id}#${i}`, sessionId: session.id, timestamp: isoAt(start + i * 3 * 60_000), user: userMessage, assistant: reply,
  }));
}

/** Word-bounded, case-insensitive: where a value first stands in a text, or -1. */
export function valueIndex(text: string, value: string): number {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(text)?.index ?? -1;
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`memory dataset: ${message}`);
}

/** Every persona's rounds in time order and its questions, checked for consistency. */
export function buildDataset(): PersonaData[] {
  const allSessions = Object.values(modules).flatMap((m) => m.sessions);
  check(new Set(allSessions.map((s) => s.id)).size === allSessions.length, 'duplicate needle session ids');
  const questions: Question[] = Object.entries(modules).flatMap(([category, m]) => m.questions.map((spec) => ({
    ...spec, category: category as Category, split: splitOf(spec.id, spec.persona), answerInEvidence: false,
  })));
  check(new Set(questions.map((q) => q.id)).size === questions.length, 'duplicate question ids');
  return PERSONAS.map((persona) => {
    const sessions = allSessions.filter((s) => s.persona === persona);
    const needles = sessions.flatMap(needleRounds);
    const haystack = haystackOf(persona, new Set(sessions.map((s) => s.at.slice(0, 10))));
    const byId = new Map(needles.map((r) => [r.id, r]));
    const own = questions.filter((q) => q.persona === persona);
    for (const q of own) {
      const evidence = q.evidence.map((id) => byId.get(id));
      check(evidence.every(Boolean), `${q.id}: unknown evidence round in ${q.evidence.join(', ')}`);
      check(UNANSWERABLE.has(q.category) === (q.evidence.length === 0), `${q.id}: only unanswerable questions lack evidence`);
      const text = evidence.map((r) => `${r!.user}\n${r!.assistant}`).join('\n');
      q.answerInEvidence = answerWordsIn(text, q.answer);
      if (q.category !== 'knowledge-update') continue;
      check(q.current && q.stale?.length && valueIndex(text, q.current) >= 0, `${q.id}: the current value must stand in its evidence`);
      for (const value of [q.current, ...q.stale]) {
        const found = haystack.find((r) => valueIndex(`${r.user}\n${r.assistant}`, value) >= 0);
        check(!found, `${q.id}: "${value}" also stands in the haystack (${found?.id})`);
      }
      const staleSaid = q.stale.some((value) => needles.some((r) => r.id !== q.evidence[0] && valueIndex(`${r.user}\n${r.assistant}`, value) >= 0));
      check(staleSaid, `${q.id}: no needle states the stale value`);
    }
    const rounds = [...haystack, ...needles].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
    return { persona, rounds, questions: own };
  });
}
