import { randomUUID } from 'node:crypto';
import { utcDay, type Claim, type IdempotencyRequest, type IdempotencyStore, type QuotaStore } from '@memctx/commands';
import type { Checkpoint } from '@memctx/event-store';
import type { CredentialStore } from '@memctx/ingestion';
import type { FeatureDeps } from '../../src/index.js';

/*
 * The feature routes' stores in memory, each typed against the port the PostgreSQL one implements, for route tests
 * at the HTTP layer. They keep the ports' contracts (a quota that refuses past its limit, a key that replays its first
 * response), not their concurrency guarantees across replicas.
 */

/** A daily quota per user: a charge that would pass the limit consumes nothing. */
export function createInMemoryQuota(limit: number): QuotaStore {
  const used = new Map<string, number>();
  return {
    async consume(userId, amount, now) {
      const { day, resetAt } = utcDay(now);
      const key = `${userId}\u0000${day}`;
      const before = used.get(key) ?? 0;
      const allowed = before + amount <= limit;
      if (allowed) used.set(key, before + amount);
      return { allowed, limit, remaining: limit - (allowed ? before + amount : before), resetAt };
    },
  };
}

/** Idempotency keys per (user, scope, key): claimed once, then replayed; a different body or a pending claim is a conflict. */
export function createInMemoryIdempotency(): IdempotencyStore {
  const keys = new Map<string, { hash: string; token: string; done?: { status: number; response: unknown } }>();
  const idOf = (request: IdempotencyRequest) => JSON.stringify([request.userId, request.scope, request.key]);
  return {
    async claim(request): Promise<Claim> {
      const row = keys.get(idOf(request));
      if (!row) {
        const token = randomUUID();
        keys.set(idOf(request), { hash: request.requestHash, token });
        return { kind: 'claimed', token };
      }
      if (row.hash !== request.requestHash) return { kind: 'different-body' };
      return row.done ? { kind: 'replay', ...row.done } : { kind: 'in-flight' };
    },
    async complete(request, token, status, response) {
      const row = keys.get(idOf(request));
      if (row?.token === token) row.done = { status, response: structuredClone(response) };
    },
    async release(request, token) {
      if (keys.get(idOf(request))?.token === token) keys.delete(idOf(request));
    },
    async sweep() {
      return 0;
    },
  };
}

/** Credentials by request id, readable only by the user who put them. */
export function createInMemoryCredentials(): CredentialStore & { has(requestId: string): boolean } {
  const sealed = new Map<string, { userId: string; credentials: Record<string, unknown> }>();
  return {
    async put(requestId, userId, credentials) {
      sealed.set(requestId, { userId, credentials: structuredClone(credentials) });
    },
    async take(requestId, userId) {
      const entry = sealed.get(requestId);
      return entry?.userId === userId ? entry.credentials : undefined;
    },
    async remove(requestId) {
      sealed.delete(requestId);
    },
    has: (requestId) => sealed.has(requestId),
  };
}

/**
 * Read-your-writes over in-memory reads, which are current as soon as a test seeds them: every read is fresh. The
 * writes each route reported are kept, so a test can check that a write told the client its position.
 */
export function createRecordedWrites(): FeatureDeps['readYourWrites'] & { writes: Array<{ userId: string; position: Checkpoint; kind: string }> } {
  const writes: Array<{ userId: string; position: Checkpoint; kind: string }> = [];
  return {
    writes,
    recordWrite(userId, position, kind = 'memory') {
      if (position) writes.push({ userId, position, kind });
    },
    waitForUser: async () => true,
  };
}
