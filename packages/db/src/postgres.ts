import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, DbConnection, Queryable, QueryOptions, QueryResult } from './types.js';
import { integerParsers } from './type-parsers.js';

export interface PostgresDbOptions {
  connectionString: string;
  maxConnections?: number;
  /** Kills a session that sits idle inside a transaction, so a stuck client never blocks the event feed. */
  idleInTransactionTimeoutMs?: number;
  statementTimeoutMs?: number;
  /**
   * How long a query waits for a connection (opening one, or a free one of a busy pool) before it fails
   * (default 1.5 s): with the server away or unreachable, a request must fail in time for its 503, not hang.
   */
  connectTimeoutMs?: number;
  applicationName?: string;
  /**
   * Told about a connection that failed outside a query (the server ended the session: restart,
   * idle-in-transaction timeout, pg_terminate_backend). The operation using it rejects on its own.
   */
  onConnectionError?: (error: Error, where: 'idle' | 'checked out' | 'listen') => void;
}

/** How long a LISTEN connection that died waits before it is opened again. */
const RELISTEN_DELAY_MS = 1_000;

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    const parser = integerParsers[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

// A prepared statement's name is its text's hash: the same text is the same statement on every connection.
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) statementNames.set(text, (name = `memctx_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  return name;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
      const values = params as unknown[] | undefined;
      const result = await (options?.prepare ? client.query({ name: statementName(text), text, values }) : client.query(text, values));
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

export function createPostgresDb(options: PostgresDbOptions): Db {
  const report = options.onConnectionError ?? (() => undefined);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 10_000,
    statement_timeout: options.statementTimeoutMs,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 1_500,
    // A server that vanished without closing its sockets (a host down) shows up as an error instead of silence.
    keepAlive: true,
    application_name: options.applicationName ?? 'memctx',
    types,
  });
  // An idle client that dies (server restart) must not crash the process; the next query reconnects.
  pool.on('error', (error) => report(error, 'idle'));

  /**
   * A checked-out client is no longer watched by the pool: an 'error' it emits with no listener
   * (the server ending the session between two statements) would be an uncaught exception that
   * kills the process. Its statements reject on their own ("not queryable"), so the listener only
   * reports, and remembers the failure so `release` destroys the client instead of pooling it.
   */
  async function checkout(where: 'checked out' | 'listen', onBroken?: (error: Error) => void) {
    const client = await pool.connect();
    let broken: Error | undefined;
    const onError = (error: Error) => {
      if (broken) return;
      broken = error;
      report(error, where);
      onBroken?.(error);
    };
    client.on('error', onError);
    let released = false;
    return {
      client,
      release(error?: Error) {
        if (released) return;
        released = true;
        client.off('error', onError);
        client.release(error ?? broken);
      },
    };
  }

  type Channel = { client: pg.PoolClient; release: () => void; handlers: Set<(payload: string) => void> };
  // One LISTEN connection per channel, shared by every listener; a promise, so concurrent first listeners share it too.
  const channels = new Map<string, Promise<Channel>>();
  let closed = false;

  function openChannel(channel: string, handlers = new Set<(payload: string) => void>()) {
    const opening = (async (): Promise<Channel> => {
      const held = await checkout('listen', () => {
        // Subscribers keep their handlers: a new connection takes over the channel after a pause.
        if (channels.get(channel) === opening) channels.delete(channel);
        held.release();
        setTimeout(() => relisten(channel, handlers), RELISTEN_DELAY_MS).unref();
      });
      held.client.on('notification', (message) => {
        if (message.channel === channel) for (const handler of handlers) handler(message.payload ?? '');
      });
      try {
        await held.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        held.release(error as Error);
        throw error;
      }
      return { client: held.client, release: () => held.release(), handlers };
    })();
    channels.set(channel, opening);
    opening.catch(() => {
      if (channels.get(channel) === opening) channels.delete(channel);
    });
    return opening;
  }

  function relisten(channel: string, handlers: Set<(payload: string) => void>) {
    if (closed || handlers.size === 0 || channels.has(channel)) return;
    openChannel(channel, handlers).catch((error: Error) => {
      report(error, 'listen');
      setTimeout(() => relisten(channel, handlers), RELISTEN_DELAY_MS).unref();
    });
  }

  const db: Db = {
    dialect: 'postgres',
    supportsConcurrentTransactions: true,
    ...wrap(pool),
    async transaction(fn) {
      const held = await checkout('checked out');
      let failure: Error | undefined;
      try {
        await held.client.query('BEGIN');
        const result = await fn(wrap(held.client));
        await held.client.query('COMMIT');
        return result;
      } catch (error) {
        await held.client.query('ROLLBACK').catch((rollbackError: Error) => (failure = rollbackError));
        throw error;
      } finally {
        // A client whose ROLLBACK failed is in an unknown state: destroy it rather than pool it.
        held.release(failure);
      }
    },
    async connect(): Promise<DbConnection> {
      const held = await checkout('checked out');
      return { ...wrap(held.client), release: () => held.release() };
    },
    async listen(channel, onNotify) {
      const opening = channels.get(channel) ?? openChannel(channel);
      const entry = await opening;
      entry.handlers.add(onNotify);
      return async () => {
        entry.handlers.delete(onNotify);
        if (entry.handlers.size > 0) return;
        // After a reconnect the channel's current connection serves the same handler set.
        const current = channels.get(channel);
        const active = await current?.catch(() => undefined);
        if (!active || active.handlers !== entry.handlers || active.handlers.size > 0 || channels.get(channel) !== current) return;
        channels.delete(channel);
        await active.client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        active.release();
      };
    },
    async close() {
      closed = true;
      for (const opening of channels.values()) (await opening.catch(() => undefined))?.release();
      channels.clear();
      await pool.end();
    },
  };
  return db;
}
