export * from './types.js';
export { mimeTypeOf, SUPPORTED_MIME_TYPES } from './mime.js';
export { filesystemConnector, type FilesystemOptions } from './filesystem.js';
export { webConnector, type WebOptions } from './web.js';
export { isForbiddenAddress } from './addresses.js';
export { pinnedLookup } from './pinned-lookup.js';
export { githubConnector, type GithubOptions } from './github.js';
export {
  parseDocument, createDocumentParser, wellFormedText, type DocumentParser, type ParserOptions, type ParsedDocument, type DocumentInput,
} from './parse.js';
export { chunkDocument, type ChunkOptions, type DocumentChunk } from './chunk.js';
export { markdownBlocks, type TextBlock } from './markdown.js';
export { anyConnector, createConnectorRegistry, defaultConnectors, type ConnectorRegistry, type DefaultConnectorOptions } from './registry.js';
