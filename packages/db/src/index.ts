export type { Db, DbConnection, Dialect, Queryable, QueryOptions, QueryResult } from './types.js';
export { createPostgresDb, type PostgresDbOptions } from './postgres.js';
export { createPgliteDb, type PgliteDbOptions } from './pglite.js';
export { ensureVectorExtension, migrate, type Migration } from './migrate.js';
export { asColumns, unnestFrom, type ColumnType } from './columns.js';
