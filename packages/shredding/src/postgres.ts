import type { Db } from '@memctx/db';
import { createPostgresEventStore, type EventStore } from '@memctx/event-store';
import { createPostgresKeyStore, migrateKeyStore } from './key-store.js';
import { withShredding, type ShreddingEventStore } from './store.js';

/**
 * The deployment's event store with its key store in PostgreSQL/PGlite, as every
 * process opens it: `store` opens personal fields, `storedEvents` is the same feed
 * as stored (sealed). The master key is MEMCTX_CREDENTIALS_KEY, when configured.
 * `events` is where events live (KurrentDB, with MEMCTX_EVENT_STORE=kurrentdb);
 * by default the same database as the keys.
 */
export async function openShreddingStore(
  db: Db,
  options: { masterKey?: Buffer | undefined; events?: EventStore } = {},
): Promise<{ store: ShreddingEventStore; storedEvents: EventStore }> {
  await migrateKeyStore(db);
  const storedEvents = options.events ?? createPostgresEventStore(db);
  return { storedEvents, store: withShredding(storedEvents, { keys: createPostgresKeyStore(db, options) }) };
}
