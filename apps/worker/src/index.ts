export { purgeDueSessions, schedulePurge } from './purge.js';
export { startWorkerRole } from './role.js';
