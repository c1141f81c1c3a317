import { randomUUID } from 'node:crypto';
import { migrate, type Db, type Migration } from '@memctx/db';
import { createCoalescer } from '@memctx/shared';
import { digestsMatch, displayPrefix, generateApiKey, hashApiKey } from './api-key.js';
import type { ApiKeyScope } from '@memctx/contracts';
import { canonicalScopes, FULL_ACCESS, type ApiKeyRecord, type ApiKeyStore } from './key-store.js';

export const API_KEY_MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_api_keys',
    sql: `
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        user_id text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        prefix text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE INDEX api_keys_user_id_idx ON api_keys (user_id, created_at);
    `,
  },
  {
    // Two keys made within one tick of the clock (PGlite's is coarse) tie on created_at; the insertion order breaks the tie.
    id: '0002_api_keys_created_order',
    sql: 'ALTER TABLE api_keys ADD COLUMN created_order bigserial',
  },
  {
    // The default gives every key made before scopes existed full access, as it had.
    id: '0003_api_keys_scopes',
    sql: `
      ALTER TABLE api_keys ADD COLUMN scopes text[] NOT NULL DEFAULT '{read,write,sip}';
      ALTER TABLE api_keys ADD COLUMN project_id text;
    `,
  },
];

export const migrateApiKeys = (db: Db) => migrate(db, 'auth', API_KEY_MIGRATIONS);

interface ApiKeyRow {
  id: string;
  user_id: string;
  key_hash: string;
  prefix: string;
  created_at: Date | string;
  revoked_at: Date | string | null;
  scopes: ApiKeyScope[];
  project_id: string | null;
}

const COLUMNS = 'id, user_id, key_hash, prefix, created_at, revoked_at, scopes, project_id';

const toRecord = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  userId: row.user_id,
  prefix: row.prefix,
  createdAt: new Date(row.created_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  scopes: row.scopes,
  projectId: row.project_id,
});

/**
 * API keys in the `api_keys` table (run `migrateApiKeys` first). Only the SHA-256
 * of a key is stored, as hex; every authentication reads the row (requests that
 * arrive together in one statement), so a revocation takes effect on the next request.
 */
export function createDbApiKeyStore(db: Db): ApiKeyStore {
  // Requests that authenticate while a look-up is in flight share the next one: one statement for many.
  const lookUp = createCoalescer(async (hashes: string[]) => {
    const { rows } = await db.query<ApiKeyRow>(
      `SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ANY($1::text[])`,
      [hashes],
      { prepare: true },
    );
    const byHash = new Map(rows.map((row) => [row.key_hash, row]));
    return hashes.map((hash) => byHash.get(hash));
  });
  return {
    async create(userId, access = FULL_ACCESS) {
      const apiKey = generateApiKey();
      const { rows } = await db.query<ApiKeyRow>(
        `INSERT INTO api_keys (id, user_id, key_hash, prefix, scopes, project_id) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING ${COLUMNS}`,
        [randomUUID(), userId, hashApiKey(apiKey).toString('hex'), displayPrefix(apiKey), canonicalScopes(access.scopes), access.projectId],
      );
      return { record: toRecord(rows[0] as ApiKeyRow), apiKey };
    },

    async list(filter = {}) {
      const { rows } = await db.query<ApiKeyRow>(
        `SELECT ${COLUMNS} FROM api_keys
         WHERE $1::text IS NULL OR user_id = $1
         ORDER BY created_at, created_order`,
        [filter.userId ?? null],
      );
      return rows.map(toRecord);
    },

    async revoke(id) {
      const { rowCount } = await db.query(
        'UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING id',
        [id],
      );
      return rowCount > 0;
    },

    async authenticate(apiKey) {
      const hash = hashApiKey(apiKey);
      const row = await lookUp(hash.toString('hex'));
      // The index finds the row; the constant-time comparison is what decides.
      if (!row || !digestsMatch(Buffer.from(row.key_hash, 'hex'), hash) || row.revoked_at !== null) return undefined;
      return { userId: row.user_id, keyId: row.id, scopes: row.scopes, projectId: row.project_id };
    },
  };
}
