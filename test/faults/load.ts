/**
 * Clients posting rounds without pause over keep-alive connections, as platforms do, while a test breaks
 * something under them. Each round carries an Idempotency-Key and is retried under it until acknowledged
 * (every 100 ms, faster than Retry-After, so recovery is measured to a tenth of a second). Each client has
 * its own session, and a round's number travels as its `response_time_ms`, a field stored as sent, so the
 * stored events can be matched to what was acknowledged without opening their (sealed) text.
 */
export interface Answer {
  /** ms since the load started. */
  at: number;
  /** An HTTP status, or the network error's code. */
  status: number | string;
  ms: number;
  retryAfter: string | null;
  /** The answer said `Connection: close`. */
  closes: boolean;
}

export interface Acknowledged {
  sessionId: string;
  seq: number;
}

export interface Load {
  readonly started: number;
  readonly answers: Answer[];
  readonly acknowledged: Acknowledged[];
  /** Ends the loops after their request in flight; a round not acknowledged by then is abandoned. */
  stop(): Promise<void>;
}

const RETRY_MS = 100;
const CLIENT_TIMEOUT_MS = 10_000;

export function postRounds(options: { url: string; apiKey: string; clients: number; sessionPrefix: string }): Load {
  const started = performance.now();
  const answers: Answer[] = [];
  const acknowledged: Acknowledged[] = [];
  let stopped = false;

  async function post(sessionId: string, seq: number): Promise<number | string> {
    const sent = performance.now();
    let status: number | string;
    let retryAfter: string | null = null;
    let closes = false;
    try {
      const response = await fetch(`${options.url}/api/v1/memory/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', 'idempotency-key': `${sessionId}-${seq}` },
        body: JSON.stringify({ session_id: sessionId, user_message: `round ${seq} of ${sessionId}`, assistant_message: 'ok', response_time_ms: seq }),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      closes = response.headers.get('connection') === 'close';
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      status = cause?.code ?? (error as Error).name;
    }
    answers.push({ at: sent - started, status, ms: performance.now() - sent, retryAfter, closes });
    return status;
  }

  async function client(sessionId: string): Promise<void> {
    for (let seq = 1; !stopped; seq++) {
      while (!stopped) {
        const status = await post(sessionId, seq);
        if (typeof status === 'number' && status >= 200 && status < 300) {
          acknowledged.push({ sessionId, seq });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  const loops = Array.from({ length: options.clients }, (_, i) => client(`${options.sessionPrefix}-${i}`));
  return {
    started,
    answers,
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Answers by status within [from, to) ms of the load's start. */
export function statusesBetween(answers: readonly Answer[], from: number, to: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) if (answer.at >= from && answer.at < to) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}
