export { openRuntime, startBackgroundRoles, partitionKeyOf, type Runtime, type BackgroundRoles } from './runtime.js';
