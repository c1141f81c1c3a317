import { createPostgresDb } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { createTestDatabase } from '@memctx/testing';
import { createPostgresKeyStore, migrateKeyStore, withShredding, type ShreddingPolicy } from '../src/index.js';
import { eventStoreContract } from '../../event-store/test/contract.js';

// Every field of every event is sealed (under its stream's key), so each contract case goes through seal and open.
const sealEverything: ShreddingPolicy = {
  sealedFieldsOf: (event) => ({
    sessions: [{ userId: 'contract', sessionId: event.type }],
    fields: Object.fromEntries(Object.keys(event.data).map((field) => [field, null])),
  }),
  destroys: () => undefined,
};

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
