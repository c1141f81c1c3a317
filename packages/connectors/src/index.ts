export * from './types.js';
export { mimeTypeOf, SUPPORTED_MIME_TYPES } from './mime.js';
export { filesystemConnector, type FilesystemOptions } from './filesystem.js';
export { webConnector, type WebOptions } from './web.js';
export { isForbiddenAddress } from './addresses.js';
export { pinnedLookup } from './pinned-lookup.js';
export { githubConnector, type GithubOptions } from './github.js';
export {
  parseDocument, createDocumentParser, chunkDocument, wellFormedText, type DocumentParser, type ParserOptions, type ParsedDocument, type DocumentInput, type ChunkOptions,
} from './parse.js';
export { createConnectorRegistry, defaultConnectors, type ConnectorRegistry, type DefaultConnectorOptions } from './registry.js';
