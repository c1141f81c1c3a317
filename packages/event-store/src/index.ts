export * from './types.js';
export { WrongExpectedVersionError, InvalidAppendError } from './errors.js';
export { satisfiesExpectedVersion } from './expected-version.js';
export { pollingSubscription } from './subscription.js';
export { createInMemoryEventStore } from './in-memory.js';
export { createPostgresEventStore } from './postgres/store.js';
export { appendInTransaction } from './postgres/append.js';
export { migrateEventStore, NOTIFY_CHANNEL } from './postgres/migrations.js';
