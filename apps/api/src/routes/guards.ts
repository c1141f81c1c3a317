import { hashRequest, IdempotencyConflictError, runOnce, type QuotaDecision } from '@memctx/commands';
import { DomainError, NotFoundError } from '@memctx/domain';
import type { Checkpoint } from '@memctx/event-store';
import type { Request, Response } from 'express';
import { HttpError } from '../http/errors.js';
import { formatPosition, MIN_POSITION_HEADER, parsePosition, POSITION_HEADER } from '../consistency/read-your-writes.js';
import type { FeatureDeps } from './deps.js';
import { timed } from '../http/stages.js';

/** Domain rule violations become HTTP answers: not found (or not yours) → 404, conflicts → 409. */
export async function domainCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFoundError) throw new HttpError(404, 'Not Found');
    if (error instanceof DomainError) throw new HttpError(409, error.message);
    throw error;
  }
}

function rateLimitHeaders(decision: QuotaDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetAt),
  };
}

/** Charges one unit of the caller's daily ingest quota, or answers 429 with Retry-After. */
export async function chargeQuota(deps: FeatureDeps, userId: string, res: Response): Promise<void> {
  const now = new Date();
  const decision = await timed(res.req, 'quota', () => deps.quota.consume(userId, 1, now));
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) {
    const retryAfter = Math.max(1, decision.resetAt - Math.floor(now.getTime() / 1000));
    throw new HttpError(429, `Daily ingest quota of ${decision.limit} exhausted; resets at ${new Date(decision.resetAt * 1000).toISOString()}`, {
      ...headers,
      'Retry-After': String(retryAfter),
    });
  }
  res.set(headers);
}

export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('Idempotency-Key')?.trim();
  if (key === undefined || key === '') return undefined;
  if (key.length > 255) throw new HttpError(400, 'Idempotency-Key must be at most 255 characters');
  return key;
}

/**
 * Runs an ingest at most once per (user, endpoint, Idempotency-Key): a retry or
 * a concurrent duplicate gets the first response back without writing or
 * charging quota again; the same key with a different body, or a duplicate
 * still in flight after the wait, is a 409.
 */
export async function idempotent<T extends object>(
  deps: FeatureDeps,
  req: Request,
  scope: string,
  userId: string,
  body: unknown,
  run: (key: string | undefined) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(req);
  if (!key) return run(undefined);
  try {
    // Claiming and completing the key are the idempotency stage; the work between them times its own stages.
    const store = deps.idempotency;
    const timedStore: typeof store = {
      ...store,
      claim: (request) => timed(req, 'idempotency', () => store.claim(request)),
      complete: (...args) => timed(req, 'idempotency', () => store.complete(...args)),
    };
    return await runOnce(timedStore, { userId, scope, key, requestHash: hashRequest(body) }, () => run(key));
  } catch (error) {
    if (error instanceof IdempotencyConflictError) throw new HttpError(409, error.message);
    throw error;
  }
}

/** After a write: remember its position for this user's reads and tell the client. */
export function wrote(deps: FeatureDeps, userId: string, res: Response, position: Checkpoint | undefined, kind: 'memory' | 'build' = 'memory'): void {
  if (!position) return;
  deps.readYourWrites.recordWrite(userId, position, kind);
  res.set(POSITION_HEADER, formatPosition(position));
}

/** Before a read: wait (bounded) until the projections reflect the caller's writes. */
export async function fresh(deps: FeatureDeps, userId: string, req: Request, res: Response, options: { includeBuilds?: boolean } = {}): Promise<void> {
  const caughtUp = await deps.readYourWrites.waitForUser(userId, parsePosition(req.get(MIN_POSITION_HEADER)), options);
  if (!caughtUp) res.set('X-Memctx-Stale', '1');
}
