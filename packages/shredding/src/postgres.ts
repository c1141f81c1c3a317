import type { Db } from '@memctx/db';
import { createPostgresEventStore, type EventStore } from '@memctx/event-store';
import { createPostgresKeyStore, migrateKeyStore } from './key-store.js';
import { withShredding, type ShreddingEventStore } from './store.js';

/**
 * The deployment's event store on PostgreSQL/PGlite with its key store, as every
 * process opens it: `store` opens personal fields, `storedEvents` is the same feed
 * as stored (sealed). The master key is MEMCTX_CREDENTIALS_KEY, when configured.
 */
export async function openShreddingStore(db: Db, options: { masterKey?: Buffer | undefined } = {}): Promise<{ store: ShreddingEventStore; storedEvents: EventStore }> {
  await migrateKeyStore(db);
  const storedEvents = createPostgresEventStore(db);
  return { storedEvents, store: withShredding(storedEvents, { keys: createPostgresKeyStore(db, options) }) };
}
