export { openRuntime, startBackgroundRoles, type Runtime, type BackgroundRoles } from './runtime.js';
