export { startRelay, type RelayOptions, type RelayHandle } from './relay.js';
export { migrateRelay, loadRelayCheckpoint } from './checkpoint.js';
export { startRelayRole } from './role.js';
