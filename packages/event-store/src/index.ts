export * from './types.js';
export { createInMemoryEventStore } from './in-memory.js';
export { createPostgresEventStore, appendInTransaction } from './postgres/store.js';
export { migrateEventStore, NOTIFY_CHANNEL } from './postgres/migrations.js';
export { pollingSubscription } from './subscription.js';
