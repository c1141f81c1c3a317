export * from './events/index.js';
export * from './streams.js';
export * from './decider.js';
export * from './project/decider.js';
export * from './session/decider.js';
export { parseClientTimestamp } from './session/timestamp.js';
export * from './source/decider.js';
export { DeciderSpecification } from './testing/decider-spec.js';
