import { createPostgresDb } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { createTestDatabase } from '@memctx/testing';
import { createPostgresKeyStore, migrateKeyStore, withShredding } from '../src/index.js';
import { eventStoreContract } from '@memctx/event-store/contract';
import { sealEverything } from './seal-everything.js';

const database = await createTestDatabase('shredding_contract');
const db = createPostgresDb({ connectionString: database.url, maxConnections: 16 });

eventStoreContract('PostgreSQL with crypto-shredding', {
  // The suite's open transactions append through the inner store, which would bypass the decorator.
  supportsConcurrentTransactions: false,
  async open() {
    await migrateEventStore(db);
    await migrateKeyStore(db);
    return {
      store: withShredding(createPostgresEventStore(db), { keys: createPostgresKeyStore(db), policy: sealEverything }),
      async close() {
        await db.close();
        await database.drop();
      },
    };
  },
});
