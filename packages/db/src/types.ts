export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/** Anything that runs SQL: a pool, a held connection or an open transaction. */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A connection held exclusively until released (two of them can interleave transactions). */
export interface DbConnection extends Queryable {
  release(): void;
}

export type Dialect = 'postgres' | 'pglite';

/**
 * The one database abstraction every package uses, so the same SQL runs on a
 * PostgreSQL server (production) and on PGlite (the embedded default).
 */
export interface Db extends Queryable {
  readonly dialect: Dialect;
  /** False on PGlite: it has a single connection, so transactions never overlap. */
  readonly supportsConcurrentTransactions: boolean;
  /** Runs `fn` in one transaction: commit when it resolves, roll back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** A dedicated connection; throws on backends without concurrent transactions. */
  connect(): Promise<DbConnection>;
  /** Subscribes to NOTIFY on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
