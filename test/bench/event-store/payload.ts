import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '@memctx/event-store';

const words = 'the user asked about retention windows and the assistant explained how soft deleted sessions are purged later'.split(' ');
const sentence = (n: number, seed: number) => Array.from({ length: n }, (_, i) => words[(seed + i * 7) % words.length]).join(' ');

/** A conversation round as the API records it: about 500 bytes of JSON. */
export function roundIngested(sessionId: string, seq: number): EventToAppend {
  return {
    event_id: randomUUID(),
    type: 'RoundIngested',
    data: {
      session_id: sessionId,
      round_id: randomUUID(),
      seq,
      user: sentence(22, seq),
      assistant: sentence(30, seq + 3),
      tokens: { prompt: 412 + (seq % 50), completion: 96 + (seq % 17) },
      occurred_at: new Date(1_700_000_000_000 + seq * 1000).toISOString(),
    },
    metadata: { user_id: 'bench-user', request_id: randomUUID() },
  };
}

export const payloadBytes = (): number => {
  const { data, metadata } = roundIngested('session-0', 0);
  return JSON.stringify(data).length + JSON.stringify(metadata).length;
};
