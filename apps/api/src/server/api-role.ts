import type { Server } from 'node:http';
import { allProjections } from '@memctx/read-models';
import type { RoleHandle, Runtime } from '@memctx/runtime';
import { createApp } from '../app.js';
import { createDbApiKeyStore, migrateApiKeys } from '../auth/db-key-store.js';
import { createReadYourWrites } from '../consistency/read-your-writes.js';
import { connectorDirectory } from '../connectors/from-registry.js';
import { answerClientErrorsAsJson } from '../http/client-errors.js';
import { featureRoutes, type FeatureDeps } from '../routes/index.js';
import { sqlReads } from '../routes/reads.js';
import { sessionProjectLookup } from '../routes/session-project.js';
import { embeddedCredentials, LOCAL_USER } from './first-start.js';
import { listenGracefully } from './graceful.js';
import { runtimeHealthChecks } from '@memctx/runtime';
import { smallTalkVector } from '@memctx/sip';

export interface ApiHandle extends RoleHandle {
  server: Server;
  url: string;
}

/** The API role: the HTTP API on PORT, with the embedded mode's first-start credentials. */
export async function startApiRole(runtime: Runtime): Promise<ApiHandle> {
  const { config, logger } = runtime;
  const keyStore = createDbApiKeyStore(runtime.db);
  await migrateApiKeys(runtime.db);
  let adminToken = config.adminToken;
  if (config.embedded) {
    const credentials = await embeddedCredentials(config.dataDir, keyStore, config.adminToken);
    adminToken = credentials.adminToken;
    if (credentials.localApiKey || credentials.printAdminToken) {
      // Printed once, on the first start; only the hash of the API key is stored.
      process.stdout.write(
        [
          '',
          'memctx: first start in embedded mode',
          ...(credentials.localApiKey ? [`  API key for user "${LOCAL_USER}": ${credentials.localApiKey}`] : []),
          ...(credentials.printAdminToken ? [`  admin token (also in ${config.dataDir}/admin-token): ${adminToken}`] : []),
          '',
        ].join('\n') + '\n',
      );
    }
  }
  const readYourWrites = createReadYourWrites({
    db: runtime.db,
    projections: allProjections.map((p) => p.name),
    timeoutMs: config.readYourWritesTimeoutMs,
    perUser: config.projectorSource === 'kafka',
  });
  const connectors = connectorDirectory(runtime.documents.connectors);
  const features: FeatureDeps = {
    ...runtime,
    reads: sqlReads(runtime.db),
    readYourWrites,
    connectors: { directory: connectors, credentials: runtime.documents.credentials, ingestWaitMs: config.connectorIngestWaitMs },
  };
  const app = createApp({
    config: { ...config, adminToken },
    logger,
    db: runtime.db,
    keyStore,
    healthChecks: runtimeHealthChecks(runtime),
    connectors,
    metricsRegistry: runtime.metrics,
    routes: featureRoutes(features),
    sessionProject: sessionProjectLookup(features),
  });
  const { server, stop } = await listenGracefully(app, config.port, config.host);
  answerClientErrorsAsJson(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  logger.info({ url, roles: config.roles, embedded: config.embedded }, 'memctx API listening');
  // Embedded now, not by the first SIP build while its client waits (a failure is retried by that build).
  if (runtime.sip.embedder) void smallTalkVector(runtime.sip.embedder).catch(() => undefined);
  return {
    server,
    url,
    stop: () => stop(),
  };
}
