export { isSealed, openValue, sealValue, type SealedValue } from './envelope.js';
export { createPostgresKeyStore, migrateKeyStore, sessionKey, WrappedKeyError, type DataKey, type KeyStore } from './key-store.js';
export { domainPolicy, type SealedFields, type SessionRef, type ShreddingPolicy } from './policy.js';
export { createShredder, SHREDDED_METADATA, type Shredder, type ShredderOptions } from './shredder.js';
export { withShredding, type ShreddingEventStore } from './store.js';
export { openShreddingStore } from './postgres.js';
