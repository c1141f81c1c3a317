import { createApiRegistry, generateOpenApiDocument, type OpenApiDocument } from '@memctx/contracts';
import type { Db } from '@memctx/db';
import type { Config, Logger } from '@memctx/shared';
import type { RequestListener } from 'node:http';
import express from 'express';
import type { Registry } from 'prom-client';
import { adminRoutes, requireAdminToken } from './auth/admin.js';
import type { ApiKeyStore } from './auth/key-store.js';
import type { SessionProject } from './auth/scopes.js';
import { requireBearerToken } from './auth/bearer.js';
import { requireApiKey } from './auth/require-api-key.js';
import { mountDashboardPage } from './dashboard/routes.js';
import { mountMcp } from './mcp/routes.js';
import { connectorCatalogRoutes } from './connectors/catalog.js';
import { emptyConnectorDirectory, type ConnectorDirectory } from './connectors/directory.js';
import { databaseCheck, type HealthChecks } from '@memctx/runtime';
import { healthRoutes } from './health/routes.js';
import { createAdmission } from './http/admission.js';
import { createEndpointMounter, type RouteModule } from './http/endpoints.js';
import { errorHandler, unknownRoute } from './http/errors.js';
import { requestLogging } from './http/logging.js';
import { createHttpMetrics } from './http/metrics.js';
import { requestId } from './http/request-id.js';
import { httpTracing } from './http/tracing.js';
// Brings req.requestId and req.auth into every program that compiles this app.
import type {} from './types/express.js';

export interface AppDeps {
  config: Pick<Config, 'bodyLimit' | 'bodyLimitBytes' | 'adminToken'> & Partial<Pick<Config, 'metricsToken' | 'maxInFlight' | 'admissionWaitMs' | 'shedLatencyFactor' | 'shedQueueMs'>>;
  logger: Logger;
  /** Checked by the health endpoint unless `healthChecks.database` is given. */
  db?: Pick<Db, 'query'>;
  keyStore: ApiKeyStore;
  /** How a key limited to a project finds a session's project; without it such a key reaches no session. */
  sessionProject?: SessionProject;
  /** event_store, queue, projections (and database) checks; each runs with a timeout. */
  healthChecks?: HealthChecks;
  healthCheckTimeoutMs?: number;
  connectors?: ConnectorDirectory;
  /** The feature endpoints (SIP, memory, projects, sessions, dashboard, connectors). */
  routes?: readonly RouteModule[];
  /** Defaults to a registry of its own, so two apps in one process do not share series. */
  metricsRegistry?: Registry;
  version?: string;
}

export const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * The HTTP API as a request listener; the caller decides where it listens. The admission gate stands in front of the
 * Express app: under overload most requests are shed, and what each costs is taken from the ones accepted.
 */
export function createApp(deps: AppDeps): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  const metrics = createHttpMetrics(deps.metricsRegistry);
  const tracing = httpTracing();
  const admission = createAdmission({
    maxInFlight: deps.config.maxInFlight, maxWaitMs: deps.config.admissionWaitMs, latencyFactor: deps.config.shedLatencyFactor, maxQueueMs: deps.config.shedQueueMs, logger: deps.logger, registry: metrics.registry,
  });
  app.use(requestId());
  app.use(tracing.start);
  app.use(metrics.record);
  app.use(requestLogging(deps.logger));
  // Bodies are read as bytes for every content type; routes with a body decode them as FastAPI would.
  app.use(express.raw({ type: () => true, limit: deps.config.bodyLimitBytes }));
  app.use(tracing.activate);

  // With MEMCTX_METRICS_TOKEN set, scrapers must send it: the metrics name routes, volumes and internals.
  const metricsGuard = deps.config.metricsToken ? [requireBearerToken(deps.config.metricsToken, 'Invalid metrics token')] : [];
  app.get('/metrics', ...metricsGuard, metrics.expose);
  mountDashboardPage(app);

  const registry = createApiRegistry();
  let openApiDocument: OpenApiDocument | undefined;
  app.get(OPENAPI_PATH, (_req, res) => {
    openApiDocument ??= generateOpenApiDocument(registry);
    res.json(openApiDocument);
  });

  const adminToken = deps.config.adminToken;
  const apiKey = requireApiKey(deps.keyStore);
  mountMcp(app, apiKey);
  const { routes, answerOtherMethods } = createEndpointMounter(app, registry, {
    apiKey,
    adminToken: adminToken ? requireAdminToken(adminToken) : undefined,
  }, deps.sessionProject);

  const healthChecks: HealthChecks = { ...(deps.db ? { database: databaseCheck(deps.db) } : {}), ...deps.healthChecks };
  const modules: RouteModule[] = [
    healthRoutes(healthChecks, { timeoutMs: deps.healthCheckTimeoutMs, version: deps.version }),
    connectorCatalogRoutes(deps.connectors ?? emptyConnectorDirectory),
    // Without an admin token the admin API does not exist: every /admin path is a 404.
    ...(adminToken ? [adminRoutes(deps.keyStore)] : []),
    ...(deps.routes ?? []),
  ];
  for (const mount of modules) mount(routes);
  answerOtherMethods();

  app.use(unknownRoute);
  app.use(admission.overloaded);
  app.use(errorHandler({ bodyLimit: deps.config.bodyLimit }));
  return (req, res) => admission.gate(req, res, () => app(req, res));
}
