export { startRelay, loadRelayCheckpoint, RELAY_DEFAULTS, type RelayOptions, type RelayHandle } from './relay.js';
export { startRelayRole } from './role.js';
