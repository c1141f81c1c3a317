export { API_VERSION } from './version.js';
export {
  pydanticError,
  pythonRepr,
  expectedValues,
  type PydanticErrorType,
  type RequestLocation,
  type ValidationErrorItem,
  type HTTPValidationErrorBody,
} from './validation/pydantic-errors.js';
export { validationErrorsFromZod } from './validation/zod-issues.js';
export { parseJson, type JsonParseResult, type JsonDecodeError } from './validation/json.js';
export { excessiveNestingAt, MAX_JSON_DEPTH } from './validation/nesting.js';
export { findUnstorableStrings, whyUnstorable, type UnstorableString } from './validation/storable.js';
export { mayEcho, SECRET_FIELDS } from './validation/secrets.js';
export {
  coerceInt,
  coerceBool,
  coerceNumber,
  laxInt,
  laxBool,
  laxNumber,
  queryInt,
  queryBool,
  queryString,
  MIN_INT,
  MAX_INT,
  MAX_NUMBER,
  type Coerced,
  type NumberBounds,
} from './validation/lax.js';
export {
  readRequestBody,
  isJsonContentType,
  lastQueryValues,
  validateRequest,
  type RequestBody,
  type RequestSchemas,
  type RawRequest,
  type ValidRequest,
  type RequestRejection,
  type RequestValidation,
} from './validation/request.js';
export { defineEndpoint, type EndpointContract, type AnyEndpoint, type EndpointOutput, type HttpMethod, type Security, type ErrorStatus } from './endpoint.js';
export * from './common.js';
export * from './sip.js';
export * from './memory.js';
export * from './connectors.js';
export * from './projects.js';
export * from './sessions.js';
export * from './dashboard.js';
export * from './health.js';
export * from './admin.js';
export * from './browse.js';
export * from './records.js';
export * from './export.js';
export {
  OpenAPIRegistry,
  BEARER_SCHEME,
  ADMIN_SCHEME,
  specEndpoints,
  extensionEndpoints,
  createApiRegistry,
  registerEndpoint,
  generateOpenApiDocument,
  generateSpecDocument,
  type DocumentOptions,
  type OpenApiDocument,
} from './openapi.js';
export * from './scopes.js';
export * from './vocabulary.js';
