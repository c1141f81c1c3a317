export { startRelay, loadRelayCheckpoint, type RelayOptions, type RelayHandle } from './relay.js';
export { startRelayRole } from './role.js';
