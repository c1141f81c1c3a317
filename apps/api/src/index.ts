// Brings req.requestId and req.auth into every program that compiles this app.
import type {} from './types/express.js';
export { createApp, OPENAPI_PATH, type AppDeps } from './app.js';
export {
  createEndpointMounter,
  toExpressPath,
  type ApiRoutes,
  type RouteModule,
  type EndpointHandler,
  type EndpointContext,
} from './http/endpoints.js';
export { validate, validated } from './http/validate.js';
export { HttpError } from './http/errors.js';
export { REQUEST_ID_HEADER } from './http/request-id.js';
export { createHttpMetrics, type HttpMetrics } from './http/metrics.js';
export { runHealthChecks, databaseCheck, DEFAULT_HEALTH_CHECK_TIMEOUT_MS, type HealthCheck, type HealthChecks, type HealthReport } from '@memctx/runtime';
export { emptyConnectorDirectory, type ConnectorAccess, type ConnectorDirectory, type ConnectorInfo, type ListedDocument } from './connectors/directory.js';
export { createInMemoryApiKeyStore, type ApiKeyStore, type ApiKeyRecord, type CreatedApiKey, type AuthContext } from './auth/key-store.js';
export { createDbApiKeyStore, migrateApiKeys, API_KEY_MIGRATIONS } from './auth/db-key-store.js';
export { requireApiKey, INVALID_API_KEY } from './auth/require-api-key.js';
export { requireAdminToken, adminRoutes } from './auth/admin.js';
export { generateApiKey, hashApiKey, isWellFormedApiKey, API_KEY_PREFIX } from './auth/api-key.js';
export { startServer, type RunningServer } from './server/start.js';
export { featureRoutes, type FeatureDeps } from './routes/index.js';
export { sqlReads, type FeatureReads } from './routes/reads.js';
export { createReadYourWrites, POSITION_HEADER, MIN_POSITION_HEADER } from './consistency/read-your-writes.js';
