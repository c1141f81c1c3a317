import { createPostgresDb } from '@memctx/db';
import { appendInTransaction, createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { createTestDatabase } from '@memctx/testing';
import { eventStoreContract, withInterleaving } from './contract.js';

eventStoreContract(
  'PostgreSQL',
  withInterleaving(async () => {
    const database = await createTestDatabase('es');
    const db = createPostgresDb({ connectionString: database.url, maxConnections: 12 });
    await migrateEventStore(db);
    return {
      store: createPostgresEventStore(db),
      interleave: {
        async begin(streamId, events) {
          const connection = await db.connect();
          await connection.query('BEGIN');
          await appendInTransaction(connection, [{ streamId, events }]);
          return {
            async commit() {
              await connection.query('COMMIT');
              connection.release();
            },
          };
        },
      },
      close: async () => {
        await db.close();
        await database.drop();
      },
    };
  }),
);
