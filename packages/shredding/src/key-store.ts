import { randomBytes, randomUUID } from 'node:crypto';
import { migrate, type Db } from '@memctx/db';
import { createSealer } from '@memctx/shared';
import type { SessionRef } from './policy.js';

/*
 * Data keys live outside the events, one row per session, so deleting the row
 * is what erases the session's text everywhere its ciphertext was copied.
 */
export async function migrateKeyStore(db: Db): Promise<void> {
  await migrate(db, 'shredding', [
    {
      id: '0001_session_keys',
      sql: `CREATE TABLE session_keys (
        key_id uuid PRIMARY KEY,
        user_id text NOT NULL,
        session_id text NOT NULL,
        key bytea NOT NULL,
        wrapped boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, session_id)
      )`,
    },
  ]);
}

export interface DataKey {
  keyId: string;
  /** 32 bytes, unwrapped. */
  key: Buffer;
  session: SessionRef;
}

export interface KeyStore {
  /** The current key of each session (made when it has none), by `sessionKey`. */
  keysFor(sessions: readonly SessionRef[]): Promise<Map<string, DataKey>>;
  /** Keys by id; ids of destroyed keys are absent. */
  find(keyIds: readonly string[]): Promise<Map<string, DataKey>>;
  /** Destroys every key of a session; a no-op when none is left. */
  destroy(session: SessionRef): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const sessionKey = (session: SessionRef) => `${session.userId}\u0000${session.sessionId}`;

interface KeyRow {
  key_id: string;
  user_id: string;
  session_id: string;
  key: Buffer;
  wrapped: boolean;
}

export class WrappedKeyError extends Error {
  constructor(keyId: string, reason: string) {
    super(`session key ${keyId} cannot be unwrapped: ${reason}`);
    this.name = 'WrappedKeyError';
  }
}

/**
 * `masterKey` (MEMCTX_CREDENTIALS_KEY) wraps the data keys at rest, so a copy of
 * the table alone opens nothing. Without one, keys are stored as they are: a
 * per-process master key would make every key unreadable after a restart.
 * A key that does not unwrap throws rather than reading as shredded: that is a
 * wrong configuration, and projecting placeholders would lose data silently.
 */
export function createPostgresKeyStore(db: Db, options: { masterKey?: Buffer | undefined } = {}): KeyStore {
  const master = options.masterKey ? createSealer(options.masterKey) : undefined;
  const aadOf = (keyId: string) => `session-key\u0000${keyId}`;

  const toDataKey = (row: KeyRow): DataKey => {
    const stored = Buffer.from(row.key);
    let key: Buffer = stored;
    if (row.wrapped) {
      if (!master) throw new WrappedKeyError(row.key_id, 'it is wrapped and MEMCTX_CREDENTIALS_KEY is not set');
      try {
        key = master.open(stored, aadOf(row.key_id));
      } catch {
        throw new WrappedKeyError(row.key_id, 'MEMCTX_CREDENTIALS_KEY is not the key it was wrapped with');
      }
    }
    return { keyId: row.key_id, key, session: { userId: row.user_id, sessionId: row.session_id } };
  };

  const byId = (rows: KeyRow[]) => new Map(rows.map((row) => [row.key_id, toDataKey(row)]));
  const bySession = (rows: KeyRow[], into: Map<string, DataKey>) => {
    for (const row of rows) {
      const key = toDataKey(row);
      into.set(sessionKey(key.session), key);
    }
    return into;
  };
  const columns = 'key_id::text AS key_id, user_id, session_id, key, wrapped';
  const select = (sessions: readonly SessionRef[]) =>
    db.query<KeyRow>(
      `SELECT ${columns} FROM session_keys
       JOIN unnest($1::text[], $2::text[]) AS wanted(user_id, session_id) USING (user_id, session_id)`,
      [sessions.map((s) => s.userId), sessions.map((s) => s.sessionId)],
    );

  return {
    async keysFor(sessions) {
      const found = bySession((await select(sessions)).rows, new Map());
      const missing = [...new Map(sessions.filter((s) => !found.has(sessionKey(s))).map((s) => [sessionKey(s), s])).values()];
      if (missing.length === 0) return found;
      const made = missing.map(() => {
        const keyId = randomUUID();
        const key = randomBytes(32);
        return { keyId, stored: master ? master.seal(key, aadOf(keyId)) : key };
      });
      const inserted = await db.query<KeyRow>(
        `INSERT INTO session_keys (key_id, user_id, session_id, key, wrapped)
         SELECT key_id, user_id, session_id, key, $5 FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bytea[]) AS k(key_id, user_id, session_id, key)
         ON CONFLICT (user_id, session_id) DO NOTHING
         RETURNING ${columns}`,
        [made.map((m) => m.keyId), missing.map((s) => s.userId), missing.map((s) => s.sessionId), made.map((m) => m.stored), master !== undefined],
      );
      bySession(inserted.rows, found);
      // Another process made some of them first: theirs are the keys.
      const raced = missing.filter((s) => !found.has(sessionKey(s)));
      return raced.length === 0 ? found : bySession((await select(raced)).rows, found);
    },
    async find(keyIds) {
      // An id that is no uuid names no key (and must not fail the cast).
      const ids = keyIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<KeyRow>(`SELECT ${columns} FROM session_keys WHERE key_id = ANY($1::uuid[])`, [ids]);
      return byId(rows);
    },
    async destroy(session) {
      await db.query('DELETE FROM session_keys WHERE user_id = $1 AND session_id = $2', [session.userId, session.sessionId]);
    },
  };
}
