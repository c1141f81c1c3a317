import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { migrate, type Db } from '@memctx/db';

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
  if (key.length !== 32) throw new Error('the credentials key must be 32 bytes');
  const seal = (plain: string, aad: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  };
  const open = (sealed: Buffer, aad: string) => {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12)).setAAD(Buffer.from(aad));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
  };
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
  if (!configured) return { key: randomBytes(32), ephemeral: true };
  const key = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
  if (key.length !== 32) throw new Error('MEMCTX_CREDENTIALS_KEY must be 32 bytes: 64 hex characters or base64');
  return { key, ephemeral: false };
}
