import { createConnectorRegistry, defaultConnectors, type ConnectorRegistry } from '@memctx/connectors';
import type { Db } from '@memctx/db';
import {
  createBullmqDocumentQueue, createCredentialStore, createInProcessDocumentQueue, credentialsKey, migrateCredentialStore,
  type CredentialStore, type DocumentQueue,
} from '@memctx/ingestion';
import { migrateCheckpoints } from '@memctx/processors';
import type { Config, Logger } from '@memctx/shared';

/** Connectors and the document pipeline's shared parts: what the API needs to accept a document and the worker to process it. */
export interface Documents {
  connectors: ConnectorRegistry;
  credentials: CredentialStore;
  queue: DocumentQueue;
}

export async function openDocuments(config: Config, db: Db, logger: Logger): Promise<Documents> {
  await migrateCredentialStore(db);
  // The document dispatcher's checkpoint.
  await migrateCheckpoints(db);
  const key = credentialsKey(config.credentialsKey);
  if (key.ephemeral && !(config.roles.includes('api') && config.roles.includes('worker'))) {
    logger.warn('MEMCTX_CREDENTIALS_KEY is not set: connector credentials sealed by this process cannot be opened by another one');
  }
  return {
    connectors: createConnectorRegistry(
      defaultConnectors({
        fsRoot: config.fsConnectorRoot, allowPrivateWeb: config.webConnectorAllowPrivate, allowWebHosts: config.webConnectorAllowHosts,
        webTimeoutMs: config.webConnectorTimeoutMs, githubBaseUrl: config.githubApiUrl, maxBytes: config.documentMaxBytes,
      }),
    ),
    credentials: createCredentialStore(db, key.key),
    // Without Redis (the embedded default) jobs run in this process.
    queue: config.redisUrl ? createBullmqDocumentQueue({ redisUrl: config.redisUrl, name: config.queueName, lockDurationMs: config.jobLockMs }) : createInProcessDocumentQueue(),
  };
}
