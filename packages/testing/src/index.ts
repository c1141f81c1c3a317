export { testPostgresUrl, testRedisUrl, createTestDatabase, type TestDatabase } from './services.js';
