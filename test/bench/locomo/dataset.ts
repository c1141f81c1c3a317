import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { answerWordsIn, contentWords } from '../lib/memory-bench.js';

export interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

export interface Question {
  question: string;
  answer?: string | number;
  evidence: string[];
  category: number;
}

export interface Sample {
  sample_id: string;
  conversation: Record<string, unknown> & { speaker_a: string; speaker_b: string };
  qa: Question[];
}

export interface Round {
  sessionId: string;
  /** The session's date exactly as the dataset writes it ("1:56 pm on 8 May, 2023"): a client sends what it has. */
  timestamp: string | null;
  user: Turn;
  assistant: Turn | undefined;
}

export const DEFAULT_LOCOMO_PATH = resolve(import.meta.dirname, '../../../../shared/data/locomo/locomo-dev.json');

export function loadSamples(path = process.env.MEMCTX_LOCOMO_PATH ?? DEFAULT_LOCOMO_PATH): Sample[] {
  return JSON.parse(readFileSync(path, 'utf8')) as Sample[];
}

/** The text a turn contributes, with an image's caption when the turn shared one. */
export const turnText = (turn: Turn) => `${turn.speaker}: ${turn.text}${turn.blip_caption ? ` [shares an image: ${turn.blip_caption}]` : ''}`;

/** The dataset README's mapping: each pair of consecutive turns in a session is one round; a leftover turn is a round with an empty reply. */
export function roundsOf(sample: Sample): Round[] {
  const rounds: Round[] = [];
  for (let n = 1; Array.isArray(sample.conversation[`session_${n}`]); n++) {
    const turns = sample.conversation[`session_${n}`] as Turn[];
    const timestamp = (sample.conversation[`session_${n}_date_time`] as string | undefined) ?? null;
    for (let i = 0; i < turns.length; i += 2) {
      rounds.push({ sessionId: `${sample.sample_id}-s${n}`, timestamp, user: turns[i]!, assistant: turns[i + 1] });
    }
  }
  return rounds;
}

/** Evidence ids as given, tolerating the few entries that pack several ids into one string. */
export const evidenceIds = (question: Question) => question.evidence.flatMap((e) => e.split(/[;,\s]+/)).filter((e) => /^D\d+:\d+$/.test(e));

/** What a turn says without its speaker's label, as platforms send messages. */
export const bareText = (turn: Turn) => turnText(turn).slice(turn.speaker.length + 2);

// Conversations kept out of calibration: fitted or tuned on the rest, reported on these.
const HELDOUT = new Set(['conv-43', 'conv-44', 'conv-47']);
export const splitOf = (sample: Sample) => (HELDOUT.has(sample.sample_id) ? 'heldout' : 'dev');

/** The samples of MEMCTX_LOCOMO_SPLIT (dev | heldout | all), at most MEMCTX_LOCOMO_SAMPLES of them. */
export function samplesOfSplit(): Sample[] {
  const split = process.env.MEMCTX_LOCOMO_SPLIT ?? 'all';
  if (!['dev', 'heldout', 'all'].includes(split)) throw new Error(`MEMCTX_LOCOMO_SPLIT is dev, heldout or all, not ${split}`);
  return loadSamples()
    .filter((sample) => split === 'all' || splitOf(sample) === split)
    .slice(0, Number(process.env.MEMCTX_LOCOMO_SAMPLES ?? 100));
}

/** MEMCTX_LOCOMO_UNLABELLED=1: turns are posted without their "Name: " label. */
export const unlabelled = () => ['1', 'true', 'on'].includes(process.env.MEMCTX_LOCOMO_UNLABELLED ?? '');

/**
 * Whether the answer's content words all stand in its evidence turns (what they say, without labels), and whether
 * they stand in the SIP's text: the answer-words figure counts the second over the questions where the first holds.
 */
export function answerWordsOf(qa: Question, turns: ReadonlyMap<string, Turn>, sipText: string): { answerInEvidence: boolean; answerShown: boolean } {
  const evidenceText = evidenceIds(qa).map((id) => turns.get(id)).filter((turn) => turn !== undefined).map(bareText).join('\n');
  return {
    answerInEvidence: qa.category !== 5 && contentWords(qa.answer).length > 0 && answerWordsIn(evidenceText, qa.answer),
    answerShown: answerWordsIn(sipText, qa.answer),
  };
}
