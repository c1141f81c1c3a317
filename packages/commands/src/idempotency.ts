import { createHash } from 'node:crypto';
import { migrate, type Db } from '@memctx/db';

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
  ]);
}

export interface StoredResponse {
  requestHash: string;
  status: number;
  response: unknown;
}

export function hashRequest(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');
}

/**
 * Remembers the first response per (user, endpoint, Idempotency-Key). Commands
 * also derive their event ids from the key, so even a crash between the append
 * and this insert leaves one copy of the events behind.
 */
export function createIdempotencyStore(db: Db) {
  return {
    async find(userId: string, scope: string, key: string): Promise<StoredResponse | undefined> {
      const { rows } = await db.query<{ request_hash: string; status: number; response: unknown }>(
        'SELECT request_hash, status, response FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3',
        [userId, scope, key],
      );
      const row = rows[0];
      return row ? { requestHash: row.request_hash, status: row.status, response: row.response } : undefined;
    },
    async save(userId: string, scope: string, key: string, stored: StoredResponse): Promise<void> {
      await db.query(
        `INSERT INTO idempotency_keys (user_id, scope, key, request_hash, status, response) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING`,
        [userId, scope, key, stored.requestHash, stored.status, JSON.stringify(stored.response)],
      );
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
