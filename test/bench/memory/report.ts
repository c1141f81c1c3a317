/** What `bench:memory` prints: a table per split (a row per category) and the summary lines. */
import { fmt, summarize } from '../lib/stats.js';
import { printTable, share } from '../lib/memory-bench.js';
import { CATEGORIES, type Split } from './dataset.js';

export interface Outcome {
  split: Split;
  persona: string;
  category: string;
  id: string;
  question: string;
  answerable: boolean;
  /** Every evidence round is among the citations (documents: a cited chunk of the answering document holds the answer's words). */
  recalled: boolean;
  answerInEvidence: boolean;
  /** The gold answer's content words all stand in the SIP. */
  answerShown: boolean;
  grounded: boolean;
  abstain: boolean;
  /** Temporal questions: the date asked for is written in the SIP (`dateStated`). */
  dateStated?: boolean;
  /** Knowledge updates: the current value is in the SIP and no stale value stands before it. */
  currentFirst?: boolean;
  /** Knowledge updates with both values in the SIP: a stale line is marked superseded by a current one. */
  staleMarked?: boolean;
  /** Lines marked superseded that are not a stale value replaced by the current one. */
  wrongMarks?: number;
  /** Cited rounds that are greetings, goodbyes or small talk (conversations only). */
  chatterCited?: number;
  tokens: number;
  ms: number;
  missing: string[];
}

const meanOf = (list: Outcome[], pick: (o: Outcome) => number) => (list.length ? fmt(list.reduce((n, o) => n + pick(o), 0) / list.length, 0) : '-');
const p50 = (list: Outcome[]) => (list.length ? fmt(summarize(list.map((o) => o.ms)).p50, 0) : '-');

function row(label: string, list: Outcome[]): string[] {
  const answerable = list.filter((o) => o.answerable);
  return [
    label, String(list.length),
    answerable.length ? share(answerable, (o) => o.recalled) : '-',
    share(list.filter((o) => o.answerInEvidence), (o) => o.answerShown),
    share(list, (o) => o.grounded),
    share(list, (o) => o.abstain),
    share(list.filter((o) => o.currentFirst !== undefined), (o) => o.currentFirst === true),
    meanOf(list, (o) => o.tokens),
    p50(list),
  ];
}

const HEADER = ['category', 'n', 'evidence cited', 'answer words in SIP', 'grounded', 'abstain', 'no stale before current', 'tokens', 'p50 ms'];

/** The summary lines over a set of questions: what the SIP gets right on answerable and unanswerable questions alike. */
export function summaryLines(label: string, outcomes: Outcome[]): void {
  const answerable = outcomes.filter((o) => o.answerable);
  const unanswerable = outcomes.filter((o) => !o.answerable);
  console.log(`    ${label}:`);
  console.log(`      evidence cited, answerable          ${share(answerable, (o) => o.recalled)}`);
  console.log(`      answer words in the SIP             ${share(answerable.filter((o) => o.answerInEvidence), (o) => o.answerShown)}  (answers written in their evidence)`);
  console.log(`      the date asked for stated in the SIP ${share(outcomes.filter((o) => o.dateStated !== undefined), (o) => o.dateStated === true)}  (temporal questions)`);
  console.log(`      abstain on unanswerable             ${share(unanswerable, (o) => o.abstain)}`);
  console.log(`      grounded on unanswerable            ${share(unanswerable, (o) => o.grounded)}`);
  console.log(`      grounded on answerable              ${share(answerable, (o) => o.grounded)}`);
  console.log(`      abstain on answerable               ${share(answerable, (o) => o.abstain)}`);
  console.log(`      stale marked superseded by current  ${share(outcomes.filter((o) => o.staleMarked !== undefined), (o) => o.staleMarked === true)}  (updates with both values in the SIP)`);
  console.log(`      lines wrongly marked superseded     ${outcomes.reduce((n, o) => n + (o.wrongMarks ?? 0), 0)}  (in ${outcomes.filter((o) => (o.wrongMarks ?? 0) > 0).length} of ${outcomes.length} SIPs)`);
  const chatty = outcomes.filter((o) => o.chatterCited !== undefined);
  console.log(`      SIPs citing small talk or greetings ${share(chatty, (o) => (o.chatterCited ?? 0) > 0)}  (${chatty.reduce((n, o) => n + (o.chatterCited ?? 0), 0)} lines)`);
  console.log(`      mean SIP tokens, unanswerable       ${meanOf(unanswerable, (o) => o.tokens)}  (answerable ${meanOf(answerable, (o) => o.tokens)})`);
}

/** The conversation questions: per split, a row per category and that split's summary; then the summary over all. */
export function reportConversations(title: string, outcomes: Outcome[]): void {
  console.log(`  ${title}`);
  for (const split of ['dev', 'heldout'] as const) {
    const list = outcomes.filter((o) => o.split === split);
    if (list.length === 0) continue;
    console.log(`    ${split} split (${list.length} questions, personas ${[...new Set(list.map((o) => o.persona))].join(', ')})`);
    printTable([HEADER, ...CATEGORIES.map((c) => row(c, list.filter((o) => o.category === c))).filter((r) => r[1] !== '0'), row('all', list)], '      ');
    summaryLines(`${split} summary`, list);
  }
  summaryLines('all questions', outcomes);
}

/** The documents mini-bench: a row per split for questions the documents answer and for those they do not. */
export function reportDocuments(title: string, outcomes: Outcome[]): void {
  if (outcomes.length === 0) return;
  console.log(`  ${title}`);
  const rows = [HEADER.map((h) => (h === 'category' ? 'questions' : h))];
  for (const split of ['dev', 'heldout'] as const) {
    for (const answerable of [true, false]) {
      const list = outcomes.filter((o) => o.split === split && o.answerable === answerable);
      if (list.length) rows.push(row(`${answerable ? 'answered in a document' : 'answered by none'} (${split})`, list));
    }
  }
  rows.push(row('all', outcomes));
  printTable(rows, '      ');
}

/** The first misses: answerable questions whose evidence the SIP did not cite, and what it left out. */
export function printMisses(outcomes: Outcome[], count: number): void {
  const misses = outcomes.filter((o) => o.answerable && !o.recalled).slice(0, count);
  if (misses.length === 0) return;
  console.log(`    first ${misses.length} misses:`);
  for (const o of misses) console.log(`      [${o.category}] ${o.persona}/${o.id}: ${o.question} — missing ${o.missing.join(', ')}`);
}
