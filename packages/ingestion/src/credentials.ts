import { randomBytes } from 'node:crypto';
import { migrate, type Db } from '@memctx/db';
import { createSealer, parseSealingKey } from '@memctx/shared';

/*
 * Connector credentials never enter events or logs. The API seals them with
 * AES-256-GCM under MEMCTX_CREDENTIALS_KEY and keeps them, keyed by request,
 * only until the worker has used them (or a day has passed).
 */
export async function migrateCredentialStore(db: Db): Promise<void> {
  await migrate(db, 'ingestion', [
    {
      id: '0001_sealed_credentials',
      sql: `CREATE TABLE sealed_credentials (
        request_id text PRIMARY KEY,
        user_id text NOT NULL,
        sealed bytea NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sealed_credentials_expiry ON sealed_credentials (expires_at);`,
    },
  ]);
}

export interface CredentialStore {
  put(requestId: string, userId: string, credentials: Record<string, unknown>): Promise<void>;
  /** Undefined when missing or expired. */
  take(requestId: string, userId: string): Promise<Record<string, unknown> | undefined>;
  remove(requestId: string): Promise<void>;
}

const TTL_SECONDS = 24 * 3600;

/** `key` is 32 bytes; see `credentialsKey`. */
export function createCredentialStore(db: Db, key: Buffer): CredentialStore {
  const sealer = createSealer(key);
  const seal = (plain: string, aad: string) => sealer.seal(plain, aad);
  const open = (sealed: Buffer, aad: string) => sealer.open(sealed, aad).toString('utf8');
  return {
    async put(requestId, userId, credentials) {
      await db.query(
        `INSERT INTO sealed_credentials (request_id, user_id, sealed, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
         ON CONFLICT (request_id) DO NOTHING`,
        [requestId, userId, seal(JSON.stringify(credentials), `${userId}\u0000${requestId}`), TTL_SECONDS],
      );
      await db.query('DELETE FROM sealed_credentials WHERE expires_at < now()');
    },
    async take(requestId, userId) {
      const { rows } = await db.query<{ sealed: Buffer }>(
        'SELECT sealed FROM sealed_credentials WHERE request_id = $1 AND user_id = $2 AND expires_at > now()',
        [requestId, userId],
      );
      if (!rows[0]) return undefined;
      return JSON.parse(open(Buffer.from(rows[0].sealed), `${userId}\u0000${requestId}`)) as Record<string, unknown>;
    },
    async remove(requestId) {
      await db.query('DELETE FROM sealed_credentials WHERE request_id = $1', [requestId]);
    },
  };
}

/**
 * The key from MEMCTX_CREDENTIALS_KEY (64 hex characters or base64 of 32 bytes).
 * Without it a random key is made for this process: fine when the API and the
 * worker share the process (embedded), not when they run apart.
 */
export function credentialsKey(configured: string | undefined): { key: Buffer; ephemeral: boolean } {
  const key = parseSealingKey(configured, 'MEMCTX_CREDENTIALS_KEY');
  return key ? { key, ephemeral: false } : { key: randomBytes(32), ephemeral: true };
}
