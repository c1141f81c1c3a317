export { testPostgresUrl, testRedisUrl, createTestDatabase, type TestDatabase } from './services.js';
export { waitUntilAllVisible } from './visibility.js';
export { testKafkaBrokers } from './kafka.js';
export { tablesHolding } from './tables-holding.js';
export { databaseBackends, type OpenedDatabase } from './backends.js';
