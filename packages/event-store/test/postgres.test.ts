import { createPostgresDb, type Db, type DbConnection } from '@memctx/db';
import { appendInTransaction, createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { createTestDatabase } from '@memctx/testing';
import { eventStoreContract, type OpenTransaction } from '@memctx/event-store/contract';

const database = await createTestDatabase('event_store');
const db = createPostgresDb({ connectionString: database.url, maxConnections: 16 });
/** Transactions a failed test left open: closing the pool would wait for them forever. */
const open = new Set<DbConnection>();

/** A transaction held open on its own connection, with its transaction id taken first as the store does. */
async function begin(db: Db): Promise<OpenTransaction> {
  const connection = await db.connect();
  open.add(connection);
  await connection.query('BEGIN');
  await connection.query('SELECT pg_current_xact_id()');
  const end = async (sql: string) => {
    open.delete(connection);
    try {
      await connection.query(sql);
    } finally {
      connection.release();
    }
  };
  return {
    append: (streamId, events) => appendInTransaction(connection, [{ streamId, events }]),
    commit: () => end('COMMIT'),
    rollback: () => end('ROLLBACK'),
  };
}

eventStoreContract('PostgreSQL', {
  supportsConcurrentTransactions: db.supportsConcurrentTransactions,
  async open() {
    await migrateEventStore(db);
    return {
      store: createPostgresEventStore(db),
      begin: () => begin(db),
      async close() {
        for (const connection of open) {
          await connection.query('ROLLBACK').catch(() => undefined);
          connection.release();
        }
        await db.close();
        await database.drop();
      },
    };
  },
});
