import { randomUUID } from 'node:crypto';
import { API_KEY_SCOPES, type ApiKeyScope } from '@memctx/contracts';
import { digestsMatch, displayPrefix, generateApiKey, hashApiKey } from './api-key.js';

/** What a key may do, and the one project it is limited to (null: every project of its user). */
export interface KeyAccess {
  scopes: readonly ApiKeyScope[];
  projectId: string | null;
}

/** Keys made without a say, and every key made before scopes existed. */
export const FULL_ACCESS: KeyAccess = { scopes: API_KEY_SCOPES, projectId: null };

/** The scopes once each, in their canonical order, so listings read the same however they were asked for. */
export const canonicalScopes = (scopes: readonly ApiKeyScope[]): ApiKeyScope[] => API_KEY_SCOPES.filter((scope) => scopes.includes(scope));

/** Who is calling, once a bearer key has been checked, and what the key allows. */
export interface AuthContext extends KeyAccess {
  userId: string;
  keyId: string;
}

export interface ApiKeyRecord extends KeyAccess {
  id: string;
  userId: string;
  /** The first characters of the key, to recognise it; never enough to use it. */
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface CreatedApiKey {
  record: ApiKeyRecord;
  /** The key itself: returned once, stored only as a hash. */
  apiKey: string;
}

/**
 * API keys, stored by hash. `authenticate` must see a revocation at once, so
 * implementations do not cache positive answers.
 */
export interface ApiKeyStore {
  create(userId: string, access?: KeyAccess): Promise<CreatedApiKey>;
  /** Oldest first. */
  list(filter?: { userId?: string }): Promise<ApiKeyRecord[]>;
  /** False when there is no such key; revoking a revoked key keeps its first revocation time. */
  revoke(id: string): Promise<boolean>;
  /** The caller a key belongs to, or undefined when it is unknown or revoked. */
  authenticate(apiKey: string): Promise<AuthContext | undefined>;
}

/** For tests and single-process tools; keys vanish with the process. */
export function createInMemoryApiKeyStore(): ApiKeyStore {
  const byHash = new Map<string, { hash: Buffer; record: ApiKeyRecord }>();
  const copy = (record: ApiKeyRecord): ApiKeyRecord => ({ ...record });

  return {
    async create(userId, access = FULL_ACCESS) {
      const apiKey = generateApiKey();
      const hash = hashApiKey(apiKey);
      const record: ApiKeyRecord = {
        id: randomUUID(), userId, prefix: displayPrefix(apiKey), createdAt: new Date(), revokedAt: null,
        scopes: canonicalScopes(access.scopes), projectId: access.projectId,
      };
      byHash.set(hash.toString('hex'), { hash, record });
      return { record: copy(record), apiKey };
    },
    async list(filter = {}) {
      return [...byHash.values()]
        .map((entry) => entry.record)
        .filter((record) => filter.userId === undefined || record.userId === filter.userId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map(copy);
    },
    async revoke(id) {
      const entry = [...byHash.values()].find((candidate) => candidate.record.id === id);
      if (!entry) return false;
      entry.record.revokedAt ??= new Date();
      return true;
    },
    async authenticate(apiKey) {
      const hash = hashApiKey(apiKey);
      const entry = byHash.get(hash.toString('hex'));
      if (!entry || !digestsMatch(entry.hash, hash) || entry.record.revokedAt) return undefined;
      const { userId, id: keyId, scopes, projectId } = entry.record;
      return { userId, keyId, scopes, projectId };
    },
  };
}
