export { MemctxRetriever, type MemctxDocumentMetadata, type MemctxRetrieverInput } from './retriever.js';
export { MemctxChatMessageHistory, type MemctxChatMessageHistoryInput } from './history.js';
