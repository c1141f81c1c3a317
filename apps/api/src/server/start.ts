import type { Server } from 'node:http';
import { openRuntime, startBackgroundRoles, type Runtime } from '@memctx/runtime';
import { allProjections } from '@memctx/read-models';
import type { Config, Logger } from '@memctx/shared';
import { createApp } from '../app.js';
import { createDbApiKeyStore, migrateApiKeys } from '../auth/db-key-store.js';
import { createReadYourWrites } from '../consistency/read-your-writes.js';
import { connectorDirectory } from '../connectors/from-registry.js';
import { featureRoutes } from '../routes/index.js';
import { embeddedCredentials, LOCAL_USER } from './first-start.js';
import { runtimeHealthChecks } from './health-checks.js';
import { answerClientErrorsAsJson } from '../http/client-errors.js';

export interface RunningServer {
  runtime: Runtime;
  server: Server | undefined;
  url: string | undefined;
  stop(): Promise<void>;
}

/** Starts the roles this process is configured with: the API, the projector, the worker, or all three (embedded). */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const runtime = await openRuntime(config, logger);
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
  const background = await startBackgroundRoles(runtime);

  let server: Server | undefined;
  let url: string | undefined;
  if (config.roles.includes('api')) {
    const readYourWrites = createReadYourWrites({
      db: runtime.db,
      projections: allProjections.map((p) => p.name),
      timeoutMs: config.readYourWritesTimeoutMs,
      perUser: config.projectorSource === 'kafka',
    });
    const connectors = connectorDirectory(runtime.documents.connectors);
    const app = createApp({
      config: { ...config, adminToken },
      logger,
      db: runtime.db,
      keyStore,
      healthChecks: runtimeHealthChecks(runtime),
      connectors,
      metricsRegistry: runtime.metrics,
      routes: featureRoutes({
        ...runtime,
        readYourWrites,
        connectors: { directory: connectors, credentials: runtime.documents.credentials, ingestWaitMs: config.connectorIngestWaitMs },
      }),
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(config.port, config.host, () => resolve(listening));
    });
    answerClientErrorsAsJson(server);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    logger.info({ url, roles: config.roles, embedded: config.embedded }, 'memctx API listening');
  }

  return {
    runtime,
    server,
    url,
    async stop() {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      await background.stop();
      await runtime.close();
    },
  };
}
