export { createMemctxClient, type MemctxClient, type MemctxClientOptions, type Schemas, type WriteOptions } from './client.js';
export { MemctxApiError, type ErrorDetail } from './errors.js';
export { MIN_POSITION_HEADER, POSITION_HEADER } from './positions.js';
export type { components, operations, paths } from './generated/openapi.js';
