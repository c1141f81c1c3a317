import { createPgliteDb } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { eventStoreContract } from '@memctx/event-store/contract';

const db = await createPgliteDb();

eventStoreContract('PGlite', {
  supportsConcurrentTransactions: db.supportsConcurrentTransactions,
  async open() {
    await migrateEventStore(db);
    return { store: createPostgresEventStore(db), close: () => db.close() };
  },
});
