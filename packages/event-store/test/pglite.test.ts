import { createPgliteDb } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { eventStoreContract } from './contract.js';

// PGlite has one connection: the interleaving case cannot arise there, so it is not registered.
eventStoreContract('PGlite', async () => {
  const db = await createPgliteDb();
  await migrateEventStore(db);
  return { store: createPostgresEventStore(db), close: () => db.close() };
});
