export { purgeDueSessions, schedulePurge } from './purge.js';
