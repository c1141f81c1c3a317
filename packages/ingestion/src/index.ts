export { createCredentialStore, credentialsKey, migrateCredentialStore, type CredentialStore } from './credentials.js';
export { PermanentJobError, RETRY, type DocumentJob, type DocumentQueue, type FailureHandler, type JobHandler } from './jobs.js';
export { createBullmqDocumentQueue, type BullmqQueueOptions } from './bullmq-queue.js';
export { createInProcessDocumentQueue } from './in-process-queue.js';
export { documentDispatcher, runDispatcher, type Dispatcher } from './dispatcher.js';
export { startDocumentWorker, type DocumentWorkerDeps } from './document-worker.js';
export { createDocumentHandler, type ChunkEmbedder, type DocumentPipelineDeps, type DocumentSteps, type ParsedText } from './process-document.js';
export { createConnectorIngest, type ConnectorIngest, type ConnectorIngestDeps, type ConnectorIngestOutcome, type ConnectorIngestRequest, type ConnectorIngestSteps, type SourceView } from './connector-ingest.js';
