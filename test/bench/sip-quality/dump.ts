/**
 * Reading a benchmark dump (MEMCTX_BENCH_DUMP of bench:memory or bench:locomo) for the offline studies here: each
 * question with its text (the memory benchmark's dumps name it by id), whether it is answerable, and its SIP's
 * sentences.
 */
import { readFileSync } from 'node:fs';
import { contentWords } from '../lib/memory-bench.js';
import { buildDataset } from '../memory/dataset.js';

interface Dumped {
  id?: string;
  question?: string;
  answerable?: boolean;
  category?: number | string;
  response: { sip_sections: Record<string, { text?: string }[] | object> };
}

export interface DumpedQuestion {
  question: string;
  answerable: boolean;
  /** The SIP's lines split into sentences, a turn's user and assistant sides apart. */
  sentences: string[];
}

export function readDump(file: string | undefined, usage: string): DumpedQuestion[] {
  if (!file) throw new Error(`usage: ${usage} <bench dump>`);
  const memoryQuestions = new Map(buildDataset().flatMap((persona) => persona.questions.map((q) => [q.id, q.question] as const)));
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => {
    const row = JSON.parse(line) as Dumped;
    const lines = Object.values(row.response.sip_sections).filter(Array.isArray).flat() as { text?: string }[];
    return {
      question: row.question ?? memoryQuestions.get(row.id ?? '') ?? '',
      answerable: row.answerable ?? row.category !== 5,
      sentences: lines.flatMap((l) => String(l.text ?? '').split(/(?<=[.!?…])\s+|\s→\s/u)),
    };
  });
}

/** The question's content words a sentence shares with it (a word matches one that begins with its stem). */
export function sharedWords(question: string, sentence: string): string[] {
  const said = contentWords(sentence);
  return contentWords(question).filter((q) => said.some((w) => w.startsWith(q.slice(0, Math.max(3, q.length - 2)))));
}

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

/** Abstain rates below each threshold of a score, on unanswerable and answerable questions. */
export function printAbstainCurve(scored: readonly { answerable: boolean; score: number }[], thresholds: readonly number[]): void {
  const answerable = scored.filter((s) => s.answerable);
  const unanswerable = scored.filter((s) => !s.answerable);
  const below = (set: typeof scored, t: number) => `${((100 * set.filter((s) => s.score < t).length) / Math.max(1, set.length)).toFixed(1)} %`;
  console.log(`questions: ${answerable.length} answerable, ${unanswerable.length} unanswerable`);
  console.log('threshold  abstain on unanswerable  abstain on answerable');
  for (const t of thresholds) console.log(`${t.toFixed(2).padStart(9)}  ${below(unanswerable, t).padStart(22)}  ${below(answerable, t).padStart(21)}`);
}
