export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Keep the statement prepared on each connection that runs it, so later runs send no SQL text and PostgreSQL parses
   * it once (and may keep a generic plan). For a hot statement of fixed text; dynamic SQL would pile up prepared
   * statements on every connection. Ignored where statements are not prepared (PGlite).
   */
  prepare?: boolean;
}

/** Anything that runs SQL: a pool, a held connection or an open transaction. */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
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
