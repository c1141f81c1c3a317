export * from './types.js';
export { mimeTypeOf, SUPPORTED_MIME_TYPES } from './mime.js';
export { filesystemConnector, type FilesystemOptions } from './filesystem.js';
export { webConnector, isForbiddenAddress, type WebOptions } from './web.js';
export { githubConnector, type GithubOptions } from './github.js';
export { parseDocument, chunkDocument, type ParsedDocument, type ChunkOptions } from './parse.js';
export { createConnectorRegistry, defaultConnectors, type ConnectorRegistry, type DefaultConnectorOptions } from './registry.js';
