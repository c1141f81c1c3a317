export { createKurrentDbEventStore, type KurrentDbEventStore, type KurrentDbEventStoreOptions } from './store.js';
export { endOfAll } from './feed.js';
export { toCheckpoint, toReadPosition, toStreamState, versionOf, streamPositionOf, revisionOf } from './positions.js';
export { isSystemEvent, mergeMetadata, splitMetadata, SCHEMA_VERSION_KEY } from './codec.js';
