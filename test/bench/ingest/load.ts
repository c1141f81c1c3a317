import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadResult {
  seconds: number;
  acknowledged: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { p50: number; p97_5: number; p99: number; max: number };
  /** The round ids the server answered 2xx with, for the zero-loss check. */
  acknowledgedIds: Set<string>;
}

/**
 * The same load for every target: one connection per user (its own key and session),
 * posting the same round body as fast as answers come back; with `idempotencyKeys`, each with its own key.
 */
// Sentences of an assistant's answer, cycled to make a reply of any length with the vocabulary of real text.
const ANSWER = [
  'We agreed to cap the SIP at 1,500 tokens and to cite every document chunk it uses.',
  'Start by checking whether the cache was warmed before the deploy, because a cold cache doubles the first requests.',
  'If the latency still climbs after that, look at the slow query log for statements that scan the whole table.',
  'Most teams settle on weekly summaries, with a short note on what changed and who owns the follow-up.',
  'For the quarterly report, keep the retrieval budget per question fixed so the figures stay comparable.',
  'A retention window of thirty days covers nearly every audit request without keeping stale transcripts around.',
  'When the numbers disagree, trust the measurement taken side by side on the same machine over an older one.',
  'Write the decision down with its reason and the figure behind it, so the next person does not repeat the trial.',
];

/** An assistant reply of about `chars` characters (the short default when undefined). */
export function replyOf(chars: number | undefined): string {
  if (chars === undefined) return ANSWER[0]!;
  const parts: string[] = [];
  for (let length = 0, i = 0; length < chars; i++) {
    const sentence = ANSWER[i % ANSWER.length]!;
    parts.push(sentence);
    length += sentence.length + 1;
  }
  return parts.join(' ').slice(0, chars);
}

export async function postRounds(
  url: string,
  keys: readonly string[],
  seconds: number,
  options: { idempotencyKeys?: boolean; replyChars?: number } = {},
): Promise<LoadResult> {
  const reply = replyOf(options.replyChars);
  let clientNumber = 0;
  const acknowledgedIds = new Set<string>();
  const onResponse = (status: number, body: string) => {
    if (status < 300) acknowledgedIds.add((JSON.parse(body) as { round_id: string }).round_id);
  };
  // As @memctx/client sends them: a fresh key per round.
  const withKey = (request: { headers: Record<string, string> }) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } });
  const result = await autocannon({
    url,
    connections: keys.length,
    duration: seconds,
    // Each connection is one client with its own user and session, posting round after round to it, as an
    // assistant does. (A request's context is reset after every request, so it cannot say which connection it is on.)
    setupClient(client: { setRequests(requests: unknown[]): void }) {
      const n = clientNumber++;
      client.setRequests([{
        method: 'POST',
        path: '/api/v1/memory/ingest',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[n % keys.length]}` },
        body: JSON.stringify({
          session_id: `bench-session-${n}`,
          user_message: `Round from client ${n}: what did we decide about the retrieval budget for the quarterly report?`,
          assistant_message: reply,
          response_time_ms: 420,
        }),
        ...(options.idempotencyKeys ? { setupRequest: withKey } : {}),
        onResponse,
      }]);
    },
  });
  return {
    seconds,
    acknowledged: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latency: result.latency,
    acknowledgedIds,
  };
}
