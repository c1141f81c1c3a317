import { DependencyUnavailableError } from '@memctx/shared';
import { describe, expect, it } from 'vitest';
import { IdempotencyConflictError, runOnce, type Claim, type IdempotencyStore } from '../src/idempotency.js';

const request = { userId: 'u1', scope: 'ingest', key: 'k1', requestHash: 'h' };
const away = () => new DependencyUnavailableError('database', 'database unavailable: ECONNREFUSED', true);

// A store whose key stays pending after the first claim, and whose database is away for releases.
function storeWithPendingKey(): IdempotencyStore {
  let claims = 0;
  const store: Pick<IdempotencyStore, 'claim' | 'complete' | 'release'> = {
    claim: async (): Promise<Claim> => (claims++ === 0 ? { kind: 'claimed', token: 't1' } : { kind: 'in-flight' }),
    complete: async () => undefined,
    release: async () => {
      throw away();
    },
  };
  return store as IdempotencyStore;
}

describe('a retry while the release of its key waits for the database', () => {
  it('is told to come back shortly (a dependency outage, 503), not that the request is in flight (409)', async () => {
    const store = storeWithPendingKey();
    await expect(runOnce(store, request, async () => Promise.reject(away()))).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(runOnce(store, request, async () => 'never')).rejects.toBeInstanceOf(DependencyUnavailableError);
  });

  it('still answers 409 for a key in flight that this process is not settling', async () => {
    const store = storeWithPendingKey();
    await expect(runOnce(store, { ...request, key: 'k2' }, async () => 'first')).resolves.toBe('first');
    await expect(runOnce(store, { ...request, key: 'k2' }, async () => 'again')).rejects.toBeInstanceOf(IdempotencyConflictError);
  });
});
