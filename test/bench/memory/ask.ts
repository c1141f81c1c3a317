/**
 * What the memory benchmark does with one persona and one question, shared by the run (run.ts) and the probe over a
 * kept database (probe.ts): post a persona's rounds, ask a question, and judge the SIP against the gold answer.
 */
import type { Call } from '../locomo/client.js';
import { answerWordsIn, buildSip, dumpQuestion, supersededMarks, type SipResponse } from '../lib/memory-bench.js';
import { dateStated } from '../lib/dates-stated.js';
import { UNANSWERABLE, valueIndex, type PersonaData, type Question } from './dataset.js';
import type { Outcome } from './report.js';

export interface Posted {
  data: PersonaData;
  call: Call;
  projectId: string;
  roundIds: Map<string, string>;
}

export interface PostedDocuments {
  call: Call;
  projectId: string;
  /** File name → source id. */
  sourceOf: Map<string, string>;
}

export async function post(call: Call, data: PersonaData): Promise<Posted> {
  const { id: projectId } = await call<{ id: string }>('POST', '/api/v1/projects', { name: data.persona });
  const roundIds = new Map<string, string>();
  for (const round of data.rounds) {
    const { round_id } = await call<{ round_id: string }>('POST', '/api/v1/memory/ingest', {
      session_id: round.sessionId, project_id: projectId, user_message: round.user, assistant_message: round.assistant, timestamp: round.timestamp,
    });
    roundIds.set(round.id, round_id);
  }
  return { data, call, projectId, roundIds };
}

/** The current value stands in the SIP and no stale value stands before it. */
function currentFirst(sip: string, q: Question): boolean | undefined {
  if (q.category !== 'knowledge-update' || !q.current) return undefined;
  const current = valueIndex(sip, q.current);
  return current >= 0 && (q.stale ?? []).every((value) => {
    const stale = valueIndex(sip, value);
    return stale < 0 || stale > current;
  });
}

/** The numbers of the SIP lines that state `value`. */
const linesStating = (sip: string, value: string) =>
  new Set([...sip.matchAll(/^\[(\d+)\] (.*)$/gmu)].filter((m) => valueIndex(m[2]!, value) >= 0).map((m) => Number(m[1])));

/**
 * How a SIP marks what is superseded. For a knowledge update whose stale and current values both stand in the SIP:
 * whether a stale line is marked as superseded by a current one. Every other mark counts as wrong (the benchmark's
 * other questions hold no replaced statement).
 */
function supersession(sip: string, q: Question): Pick<Outcome, 'staleMarked' | 'wrongMarks'> {
  const marks = supersededMarks(sip);
  if (q.category !== 'knowledge-update' || !q.current) return { wrongMarks: marks.length };
  const current = linesStating(sip, q.current);
  const stale = new Set((q.stale ?? []).flatMap((value) => [...linesStating(sip, value)]));
  const right = marks.filter((mark) => stale.has(mark.line) && current.has(mark.by));
  return { wrongMarks: marks.length - right.length, ...(current.size > 0 && stale.size > 0 ? { staleMarked: right.length > 0 } : {}) };
}

export type Asked = Omit<Outcome, 'answerShown' | 'grounded' | 'abstain' | 'tokens' | 'ms'> & { answer: string };

/** The outcome of one SIP build, written to MEMCTX_BENCH_DUMP as well. */
export function record({ answer, ...asked }: Asked, { sip, ms, tokens }: { sip: SipResponse; ms: number; tokens: number }): Outcome {
  const outcome: Outcome = { ...asked, answerShown: asked.answerable && answerWordsIn(sip.sip, answer), grounded: sip.grounded, abstain: sip.abstain, tokens, ms };
  dumpQuestion({
    bench: 'memory', split: outcome.split, persona: outcome.persona, category: outcome.category, id: outcome.id, answerable: outcome.answerable,
    recalled: outcome.recalled, answerShown: outcome.answerShown, answerInEvidence: outcome.answerInEvidence, grounded: outcome.grounded,
    abstain: outcome.abstain, tokens, chatterCited: outcome.chatterCited, ...(outcome.currentFirst === undefined ? {} : { currentFirst: outcome.currentFirst }), response: sip,
  });
  return outcome;
}

export async function askConversation(posted: Posted, q: Question): Promise<Outcome> {
  const built = await buildSip(posted.call, { project_id: posted.projectId, query: q.question });
  const { sip } = built;
  const cited = new Set(sip.citations.map((c) => c.record_id));
  const missing = q.evidence.filter((id) => !cited.has(posted.roundIds.get(id) ?? '?'));
  const answerable = !UNANSWERABLE.has(q.category);
  const chatter = new Set(posted.data.rounds.filter((r) => r.topic === 'greeting' || r.topic === 'smallTalk').map((r) => posted.roundIds.get(r.id)));
  return record({
    split: q.split, persona: q.persona, category: q.category, id: q.id, question: q.question, answer: q.answer, answerable,
    recalled: answerable && missing.length === 0, answerInEvidence: q.answerInEvidence, currentFirst: currentFirst(sip.sip, q), ...supersession(sip.sip, q), missing,
    ...(q.category === 'temporal' ? { dateStated: dateStated(sip.sip, q.answer) } : {}),
    chatterCited: [...cited].filter((id) => chatter.has(id)).length,
  }, built);
}
