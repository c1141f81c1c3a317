import { createPostgresDb, type Db } from '@memctx/db';
import { appendInTransaction, createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { createTestDatabase } from '@memctx/testing';
import { eventStoreContract, type OpenTransaction } from './contract.js';

const database = await createTestDatabase('event_store');
const db = createPostgresDb({ connectionString: database.url, maxConnections: 16 });

/** A transaction held open on its own connection, with its transaction id taken first as the store does. */
async function begin(db: Db): Promise<OpenTransaction> {
  const connection = await db.connect();
  await connection.query('BEGIN');
  await connection.query('SELECT pg_current_xact_id()');
  const end = async (sql: string) => {
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
        await db.close();
        await database.drop();
      },
    };
  },
});
