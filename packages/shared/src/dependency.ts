/** The services a memctx process depends on, named as `/api/v1/health` names its checks. */
export type Dependency = 'database' | 'queue' | 'kafka' | 'event_store';

/**
 * A service this process needs is away for now (refused or reset connections, a PostgreSQL restart,
 * a pool that cannot connect in time, Redis or Kafka gone): the HTTP layer answers 503 with Retry-After,
 * and background loops retry with backoff instead of giving up. `notSent` says the work never reached the
 * service (no connection was made), so running it again cannot apply it twice; otherwise its outcome is
 * unknown (the connection died while a statement, maybe a COMMIT, was in flight).
 */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
  constructor(
    readonly dependency: Dependency,
    message: string,
    readonly notSent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

// Failures to open a connection: nothing was sent.
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', '57P03', '53300']);
// Failures of an open connection: what was in flight may or may not have been applied.
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', '57P01', '57P02', '57P05']);
// pg and pg-pool say these without a code.
const CONNECT_MESSAGES = [/timeout exceeded when trying to connect/i, /connection terminated due to connection timeout/i, /cannot connect now/i];
const LOST_MESSAGES = [/connection terminated/i, /is not queryable/i, /server closed the connection/i];
// ioredis without its offline queue refuses commands at once; with a retry limit it gives up after it.
const REDIS_MESSAGES = [/enableOfflineQueue options is false/i, /max retries per request/i, /^Connection is closed/i, /Redis is unavailable/i];

interface Described {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  retriable?: unknown;
  errors?: unknown;
  cause?: unknown;
}

function classify(error: Described, fallback: Dependency): DependencyUnavailableError | undefined {
  if (error instanceof DependencyUnavailableError) return error;
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  const name = typeof error.name === 'string' ? error.name : '';
  const make = (dependency: Dependency, notSent: boolean) =>
    new DependencyUnavailableError(dependency, `${dependency} unavailable: ${message || code || name}`, notSent, { cause: error });
  if (name.startsWith('KafkaJS') && (error.retriable === true || /Connection|Timeout|NumberOfRetriesExceeded/.test(name))) return make('kafka', false);
  if (REDIS_MESSAGES.some((pattern) => pattern.test(message)) || name === 'MaxRetriesPerRequestError') return make('queue', false);
  // PostgreSQL's class 08: connection exceptions.
  if (CONNECT_CODES.has(code) || (code.length === 5 && code.startsWith('08')) || CONNECT_MESSAGES.some((p) => p.test(message))) return make(fallback, true);
  if (LOST_CODES.has(code) || LOST_MESSAGES.some((pattern) => pattern.test(message))) return make(fallback, false);
  return undefined;
}

/**
 * The error as a DependencyUnavailableError when it (or its cause, or one of an AggregateError's errors, as
 * a connect to every address of a host fails) is a dependency being away; undefined for any other error.
 * `fallback` names the service when the error itself does not (a refused connection): the database by default.
 */
export function dependencyFailure(error: unknown, fallback: Dependency = 'database'): DependencyUnavailableError | undefined {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const described = current as Described;
    const found = classify(described, fallback);
    if (found) return found;
    if (Array.isArray(described.errors)) {
      const inner = described.errors.map((e: unknown) => dependencyFailure(e, fallback)).find(Boolean);
      if (inner) return inner;
    }
    current = described.cause;
  }
  return undefined;
}

export interface Backoff {
  /** The first retry's ceiling (default 100 ms). */
  baseMs?: number;
  /** No wait is longer (default 5 s). */
  capMs?: number;
  random?: () => number;
}

/**
 * How long to wait before retry number `attempt` (1, 2, ...): exponential up to a cap, drawn at random from the
 * upper half of that, so processes that lost the same dependency together do not come back to it in lockstep.
 */
export function backoffDelay(attempt: number, options: Backoff = {}): number {
  const base = options.baseMs ?? 100;
  const cap = options.capMs ?? 5_000;
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(ceiling / 2 + (options.random ?? Math.random)() * (ceiling / 2));
}

/**
 * Runs `work` until it succeeds, sleeping with backoff between failures (each reported to `onError`),
 * for work that must wait out an outage rather than fail (a consumer joining a topic not served yet).
 * `stopped` ends the waiting: the last error is thrown.
 */
export async function retryWithBackoff<T>(
  work: () => Promise<T>,
  options: Backoff & { stopped?: () => boolean; onError?: (error: unknown, attempt: number) => void; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (options.stopped?.()) throw error;
      options.onError?.(error, attempt);
      await sleep(backoffDelay(attempt, options));
      if (options.stopped?.()) throw error;
    }
  }
}
