import { Pool } from 'undici';
import { percentile } from './stats.js';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** How an answer counts: accepted (2xx), shed (429/503 with Retry-After), or an error (anything else, or no answer). */
export type Outcome = 'accepted' | 'shed' | 'error';

export interface Answer {
  /** What was asked (the kind the request generator named, e.g. `round` or `sip`). */
  kind: string;
  outcome: Outcome;
  /** An HTTP status, or the client error's code. */
  status: number | string;
  /** From when the request was due to its answer: time waiting for a free connection counts (open loop). */
  ms: number;
  /** ms since the load started, at the answer. */
  at: number;
}

export interface OpenLoopOptions {
  origin: string;
  /** Requests per second, due at even intervals whether or not earlier ones were answered. */
  rate: number;
  seconds: number;
  /** The i-th request (from 0) and the kind it is reported under. */
  request(i: number): LoadRequest & { kind: string };
  /** Connections the client may open; past them, due requests wait in the client (and their wait counts). */
  connections?: number;
  /** A request not answered within it is an error (`timeout`). */
  timeoutMs?: number;
  onAnswer?(answer: Answer): void;
}

export interface PhaseSummary {
  rate: number;
  seconds: number;
  sent: number;
  accepted: number;
  shed: number;
  errors: number;
  /** Statuses and error codes, counted. */
  statuses: Record<string, number>;
  /** Shed answers without a Retry-After header (the contract says every shed answer has one). */
  shedWithoutRetryAfter: number;
  /** Of accepted requests, ms. */
  p50: number;
  p99: number;
  /** Of shed answers, ms: how fast a client is told to back off. */
  shedP99: number;
  /** How late the generator sent requests, p99 ms: past a few ms, the load generator itself lacked CPU. */
  sendLagP99: number;
}

const TICK_MS = 5;

/**
 * Offers `rate` requests per second for `seconds`, open loop: each request is sent when it is due, not when an
 * earlier one was answered, so a slow server meets the load a crowd of independent clients would bring instead of
 * the load slowing down with it; latency runs from when a request was due. Resolves once every request is answered
 * or timed out.
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<PhaseSummary> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pool = new Pool(options.origin, { connections: options.connections ?? 512, pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const statuses: Record<string, number> = {};
  const acceptedMs: number[] = [];
  const shedMs: number[] = [];
  let shedWithoutRetryAfter = 0;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const total = Math.round(options.rate * options.seconds);

  const answer = (kind: string, due: number, status: number | string, retryAfter: boolean) => {
    const now = performance.now();
    const outcome: Outcome = typeof status !== 'number' ? 'error' : status >= 200 && status < 300 ? 'accepted' : status === 429 || status === 503 ? 'shed' : 'error';
    statuses[status] = (statuses[status] ?? 0) + 1;
    const ms = now - due;
    if (outcome === 'accepted') acceptedMs.push(ms);
    if (outcome === 'shed') {
      shedMs.push(ms);
      if (!retryAfter) shedWithoutRetryAfter++;
    }
    options.onAnswer?.({ kind, outcome, status, ms, at: now - started });
  };

  const sendLag: number[] = [];
  const send = (i: number, due: number) => {
    sendLag.push(performance.now() - due);
    const { kind, ...request } = options.request(i);
    // Stamped when sent, as a load balancer stamps a request it passes on (the service may shed one that waited long).
    const headers = { ...request.headers, 'x-request-start': `t=${Date.now()}` };
    const done = pool
      .request({ ...request, headers, signal: AbortSignal.timeout(timeoutMs) })
      .then(async (response) => {
        await response.body.dump();
        answer(kind, due, response.statusCode, response.headers['retry-after'] !== undefined);
      })
      // A timeout is a DOMException whose legacy numeric `code` says nothing: name it by its name.
      .catch((error: { code?: unknown; name?: string }) => answer(kind, due, typeof error.code === 'string' ? error.code : (error.name ?? 'error'), false))
      .finally(() => pending.delete(done));
    pending.add(done);
  };

  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.min(total, Math.floor((elapsed / 1000) * options.rate));
      for (; sent < due; sent++) send(sent, started + (sent / options.rate) * 1000);
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  while (pending.size > 0) await Promise.all([...pending]);
  await pool.close();

  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  sorted(acceptedMs);
  sorted(shedMs);
  return {
    rate: options.rate,
    seconds: options.seconds,
    sent,
    accepted: acceptedMs.length,
    shed: shedMs.length,
    errors: sent - acceptedMs.length - shedMs.length,
    statuses,
    shedWithoutRetryAfter,
    p50: percentile(acceptedMs, 50),
    p99: percentile(acceptedMs, 99),
    shedP99: percentile(shedMs, 99),
    sendLagP99: percentile(sorted(sendLag), 99),
  };
}

/** Sends requests 0 … count−1, `concurrency` at a time, each as soon as one is answered; answers how many were 2xx. */
export async function runClosedLoop(options: { origin: string; count: number; concurrency: number; request(i: number): LoadRequest & { kind: string } }): Promise<number> {
  const pool = new Pool(options.origin, { connections: options.concurrency });
  let next = 0;
  let accepted = 0;
  const worker = async () => {
    for (let i = next++; i < options.count; i = next++) {
      const { kind: _kind, ...request } = options.request(i);
      const response = await pool.request(request);
      await response.body.dump();
      if (response.statusCode < 300) accepted++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await pool.close();
  return accepted;
}
