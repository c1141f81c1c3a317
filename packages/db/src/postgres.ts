import pg from 'pg';
import type { Db, DbConnection, Queryable, QueryResult } from './types.js';
import { integerParsers } from './type-parsers.js';

export interface PostgresDbOptions {
  connectionString: string;
  maxConnections?: number;
  /** Kills a session that sits idle inside a transaction, so a stuck client never blocks the event feed. */
  idleInTransactionTimeoutMs?: number;
  statementTimeoutMs?: number;
  applicationName?: string;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    const parser = integerParsers[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const result = await client.query(text, params as unknown[] | undefined);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

export function createPostgresDb(options: PostgresDbOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 10_000,
    statement_timeout: options.statementTimeoutMs,
    application_name: options.applicationName ?? 'memctx',
    types,
  });
  // An idle client that dies (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // One LISTEN connection per channel, shared by every listener; a promise, so concurrent first listeners share it too.
  const channels = new Map<string, Promise<{ client: pg.PoolClient; handlers: Set<(payload: string) => void> }>>();

  function openChannel(channel: string) {
    const opening = (async () => {
      const client = await pool.connect();
      const handlers = new Set<(payload: string) => void>();
      client.on('notification', (message) => {
        if (message.channel === channel) for (const handler of handlers) handler(message.payload ?? '');
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return { client, handlers };
    })();
    channels.set(channel, opening);
    opening.catch(() => channels.delete(channel));
    return opening;
  }

  const db: Db = {
    dialect: 'postgres',
    supportsConcurrentTransactions: true,
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async connect(): Promise<DbConnection> {
      const client = await pool.connect();
      return { ...wrap(client), release: () => client.release() };
    },
    async listen(channel, onNotify) {
      const opening = channels.get(channel) ?? openChannel(channel);
      const entry = await opening;
      entry.handlers.add(onNotify);
      return async () => {
        entry.handlers.delete(onNotify);
        if (entry.handlers.size === 0 && channels.get(channel) === opening) {
          channels.delete(channel);
          await entry.client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
          entry.client.release();
        }
      };
    },
    async close() {
      for (const opening of channels.values()) (await opening.catch(() => undefined))?.client.release();
      channels.clear();
      await pool.end();
    },
  };
  return db;
}
