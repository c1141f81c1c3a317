import { createHash, randomUUID } from 'node:crypto';
import { migrate, type Db } from '@memctx/db';
import { DependencyUnavailableError, backoffDelay, createCoalescer, dependencyFailure } from '@memctx/shared';

export async function migrateIdempotency(db: Db): Promise<void> {
  await migrate(db, 'idempotency', [
    {
      id: '0001_idempotency_keys',
      sql: `CREATE TABLE idempotency_keys (
        user_id text NOT NULL,
        scope text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        status int NOT NULL,
        response jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, scope, key)
      );
      CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);`,
    },
    {
      // A key is reserved (pending, owned by one claim) before the work and completed after it.
      id: '0002_idempotency_claims',
      sql: `ALTER TABLE idempotency_keys ALTER COLUMN status DROP NOT NULL;
      ALTER TABLE idempotency_keys ALTER COLUMN response DROP NOT NULL;
      ALTER TABLE idempotency_keys ADD COLUMN state text NOT NULL DEFAULT 'done';
      ALTER TABLE idempotency_keys ADD COLUMN claim text;
      ALTER TABLE idempotency_keys ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '1 day';
      DROP INDEX idempotency_keys_age;
      CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);`,
    },
  ]);
}

export function hashRequest(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');
}

export interface IdempotencyRequest {
  userId: string;
  /** The endpoint, e.g. `memory.ingest`: one key may be used once per endpoint. */
  scope: string;
  key: string;
  requestHash: string;
}

export interface IdempotencySettings {
  /** How long a completed key replays its response; after that it is forgotten (and swept). */
  ttlSeconds: number;
  /** How long a duplicate waits for the first request's outcome before it is told the key is in flight. */
  waitMs: number;
  /** How long a claim holds a key without completing it: past this a crashed owner's key can be claimed again. */
  leaseSeconds?: number;
  pollMs?: number;
}

/** The first request's outcome, or why there is none to replay. */
export type Claim =
  | { kind: 'claimed'; token: string }
  | { kind: 'replay'; status: number; response: unknown }
  | { kind: 'different-body' }
  | { kind: 'in-flight' };

/** Why a request with an Idempotency-Key was not run; the API answers 409. */
export class IdempotencyConflictError extends Error {
  override readonly name = 'IdempotencyConflictError';
  constructor(readonly reason: 'different-body' | 'in-flight') {
    super(
      reason === 'different-body'
        ? 'Idempotency-Key was already used with a different request body'
        : 'A request with this Idempotency-Key is still in progress; retry later',
    );
  }
}

const DEFAULT_LEASE_SECONDS = 60;
const DEFAULT_POLL_MS = 50;
const SWEEP_BATCH = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Remembers the first response per (user, endpoint, Idempotency-Key). The key is
 * claimed atomically before the work, so of concurrent duplicates exactly one
 * runs. Commands also derive their event ids from the key, so even a crash
 * between the append and completing the claim leaves one copy of the events.
 * Every time is the database's, so replicas agree on expiry.
 */
export function createIdempotencyStore(db: Db, settings: IdempotencySettings) {
  const leaseSeconds = settings.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const pollMs = settings.pollMs ?? DEFAULT_POLL_MS;
  const pk = (request: IdempotencyRequest) => [request.userId, request.scope, request.key];

  const pkOf = (request: IdempotencyRequest) => `${request.userId}\u0000${request.scope}\u0000${request.key}`;

  /**
   * Inserts pending rows, or takes over ones that expired (a forgotten key or a crashed owner's lease), for
   * the claims that arrive together, in one statement. A key twice in one batch goes in once: ON CONFLICT
   * may touch a row only once per statement, and the second copy would lose to the first anyway.
   */
  const claimMany = async (requests: IdempotencyRequest[]): Promise<(string | undefined)[]> => {
    // Positions of the first copy of each key; the token goes to that position only, never to a copy.
    const seen = new Set<string>();
    const firstAt = requests.flatMap((request, i) => (seen.has(pkOf(request)) ? [] : (seen.add(pkOf(request)), [i])));
    const first = firstAt.map((i) => requests[i]!);
    const tokens = first.map(() => randomUUID());
    const { rows } = await inserted(first, tokens, () => db.query<{ claim: string }>(
      `INSERT INTO idempotency_keys AS k (user_id, scope, key, request_hash, state, claim, expires_at)
       SELECT c.user_id, c.scope, c.key, c.request_hash, 'pending', c.claim, now() + make_interval(secs => $6)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS c(user_id, scope, key, request_hash, claim)
       ON CONFLICT (user_id, scope, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'pending', claim = EXCLUDED.claim, status = NULL, response = NULL,
             created_at = now(), expires_at = EXCLUDED.expires_at
         WHERE k.expires_at < now()
       RETURNING claim`,
      [first.map((r) => r.userId), first.map((r) => r.scope), first.map((r) => r.key), first.map((r) => r.requestHash), tokens, leaseSeconds],
    ));
    const won = new Set(rows.map((row) => row.claim));
    const result: (string | undefined)[] = new Array(requests.length).fill(undefined);
    firstAt.forEach((at, j) => (result[at] = won.has(tokens[j]!) ? tokens[j] : undefined));
    return result;
  };
  const tryClaim = createCoalescer(claimMany);

  const releaseQuery = async (request: IdempotencyRequest, token: string) => {
    await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3 AND claim = $4', [...pk(request), token]);
  };

  /**
   * The claim statement, and when the database went away while it ran, the keys given up: its COMMIT may have been
   * stored without the answer reaching us, which would leave each key pending under a token nobody holds, and every
   * retry told 409 "in flight" for the whole lease. The tokens are ours alone, so a row still holding one is
   * unclaimed work, deleted once the database answers.
   */
  const inserted = async <R>(requests: IdempotencyRequest[], tokens: string[], insert: () => Promise<R>): Promise<R> => {
    try {
      return await insert();
    } catch (error) {
      if (dependencyFailure(error)) requests.forEach((request, i) => void settle(request, () => releaseQuery(request, tokens[i]!)).catch(() => undefined));
      throw error;
    }
  };

  interface Completion {
    request: IdempotencyRequest;
    token: string;
    status: number;
    response: unknown;
  }
  // Completions that arrive together are one UPDATE; a stale token (a lease taken over) matches no row.
  const complete = createCoalescer(async (done: Completion[]) => {
    await db.query(
      `UPDATE idempotency_keys k SET state = 'done', status = c.status, response = c.response::jsonb, expires_at = now() + make_interval(secs => $7)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[]) AS c(user_id, scope, key, claim, status, response)
       WHERE k.user_id = c.user_id AND k.scope = c.scope AND k.key = c.key AND k.claim = c.claim`,
      [
        done.map((d) => d.request.userId), done.map((d) => d.request.scope), done.map((d) => d.request.key), done.map((d) => d.token),
        done.map((d) => d.status), done.map((d) => JSON.stringify(d.response)), settings.ttlSeconds,
      ],
    );
    return done.map(() => undefined);
  });

  async function current(request: IdempotencyRequest) {
    const { rows } = await db.query<{ request_hash: string; state: string; status: number | null; response: unknown }>(
      `SELECT request_hash, state, status, response FROM idempotency_keys
       WHERE user_id = $1 AND scope = $2 AND key = $3 AND expires_at >= now()`,
      pk(request),
    );
    return rows[0];
  }

  return {
    /**
     * Claims the key, or says what to answer instead: the first response (waiting,
     * bounded, while the first request is still running), a different body, or in flight.
     */
    async claim(request: IdempotencyRequest): Promise<Claim> {
      const deadline = Date.now() + settings.waitMs;
      for (;;) {
        const token = await tryClaim(request);
        if (token) return { kind: 'claimed', token };
        const row = await current(request);
        if (row && row.request_hash !== request.requestHash) return { kind: 'different-body' };
        if (row?.state === 'done') return { kind: 'replay', status: row.status ?? 200, response: row.response };
        // Pending: wait for its owner. Gone: the owner failed and released it (or it just expired), so claim again.
        if (row && Date.now() >= deadline) return { kind: 'in-flight' };
        if (row) await sleep(pollMs);
      }
    },

    /** Stores the response of a claimed key; it then replays for `ttlSeconds`. */
    async complete(request: IdempotencyRequest, token: string, status: number, response: unknown): Promise<void> {
      await complete({ request, token, status, response });
    },

    /** Gives a claimed key up after the work failed, so a retry runs it again. */
    release: releaseQuery,

    /** Deletes expired keys in batches; returns how many. */
    async sweep(): Promise<number> {
      let total = 0;
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          `WITH gone AS (
             DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at < now() LIMIT ${SWEEP_BATCH})
             RETURNING 1
           ) SELECT count(*)::int AS n FROM gone`,
        );
        const deleted = rows[0]?.n ?? 0;
        total += deleted;
        if (deleted < SWEEP_BATCH) return total;
      }
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

/** How long a release or completion that met a dependency outage is tried again in the background: past the lease it is moot. */
const SETTLE_FOR_MS = DEFAULT_LEASE_SECONDS * 1000;

/**
 * Runs a release or completion; when the database is away it is tried again in the background, with
 * backoff, so the key is settled moments after the database is back rather than staying pending for its
 * whole lease (a retry of the request would wait on it and be told 409, "in flight"). Other errors throw.
 */
async function settle(request: IdempotencyRequest, operation: () => Promise<void>): Promise<void> {
  try {
    await operation();
  } catch (error) {
    if (!dependencyFailure(error)) throw error;
    const until = Date.now() + SETTLE_FOR_MS;
    const id = unsettledId(request);
    unsettled.set(id, (unsettled.get(id) ?? 0) + 1);
    void (async () => {
      try {
        for (let attempt = 1; Date.now() < until; attempt++) {
          await sleep(backoffDelay(attempt, { baseMs: 100, capMs: 1_000 }));
          if (await operation().then(() => true, () => false)) return;
        }
      } finally {
        const left = (unsettled.get(id) ?? 1) - 1;
        if (left > 0) unsettled.set(id, left);
        else unsettled.delete(id);
      }
    })();
  }
}

/*
 * Keys whose release or completion this process is still trying to store because the database went away: a retry
 * of such a request finds its key pending, yet the request it retries has already ended (with a 503). It is told to
 * come back shortly (503 with Retry-After), as during the outage, rather than 409 "in flight", which a client cannot
 * tell from a duplicate running elsewhere. Counted per key: a claim given up and a later release of the same key can
 * be retried at once, and the key is settled only when the last of them is.
 */
const unsettled = new Map<string, number>();
const unsettledId = (request: IdempotencyRequest) => JSON.stringify([request.userId, request.scope, request.key]);

/**
 * Runs `work` at most once per key: a duplicate gets the first response back
 * without running anything (no second write, no second quota charge); the same
 * key with another body, or still in flight after the wait, throws
 * IdempotencyConflictError. Failed work releases the key. Work that succeeded is
 * answered even when its response could not be stored yet (the database went away
 * after the write): the write is durable, and a retry after a lost completion runs
 * the command again under the same event ids, which the store keeps once.
 */
export async function runOnce<T>(store: IdempotencyStore, request: IdempotencyRequest, work: () => Promise<T>): Promise<T> {
  const claim = await store.claim(request);
  if (claim.kind === 'replay') return claim.response as T;
  if (claim.kind === 'in-flight' && unsettled.has(unsettledId(request))) {
    throw new DependencyUnavailableError('database', 'the database was away while a request with this Idempotency-Key ran; retry shortly', true);
  }
  if (claim.kind !== 'claimed') throw new IdempotencyConflictError(claim.kind);
  let response: T;
  try {
    response = await work();
  } catch (error) {
    // The work's error is the answer, whatever became of the release.
    await settle(request, () => store.release(request, claim.token)).catch(() => undefined);
    throw error;
  }
  await settle(request, () => store.complete(request, claim.token, 200, response));
  return response;
}
