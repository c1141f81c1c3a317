import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import { ErrorDetail, HTTPValidationError } from './api/common.js';
import { operations, type Operation } from './api/operations.js';

export const API_VERSION = '0.1.0';

const statusText: Record<number, string> = {
  401: 'Missing, malformed, unknown or revoked API key',
  404: 'Not found, or not the caller’s',
  409: 'Conflicts with the current state',
  413: 'Body over the size limit',
  429: 'Daily ingest quota exhausted',
  503: 'A dependency is down',
};

/** The OpenAPI 3.1 document, generated from the same schemas that validate requests. */
export function buildOpenApiDocument(serverUrl = '/'): object {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });
  registry.register('HTTPValidationError', HTTPValidationError);
  registry.register('ErrorDetail', ErrorDetail);
  for (const [operationId, op] of Object.entries(operations) as Array<[string, Operation]>) {
    const responses: Record<string, { description: string; content?: Record<string, { schema: ZodType }> }> = {
      [op.status]: op.response
        ? { description: 'Success', content: { 'application/json': { schema: op.response } } }
        : { description: 'Success, no content' },
    };
    if (op.body || op.query || op.params) responses[422] = { description: 'Validation error', content: { 'application/json': { schema: HTTPValidationError } } };
    for (const status of [...(op.auth ? [401] : []), ...(op.body ? [413] : []), ...(op.errors ?? [])]) {
      responses[status] = { description: statusText[status] ?? 'Error', content: { 'application/json': { schema: ErrorDetail } } };
    }
    registry.registerPath({
      operationId,
      method: op.method,
      path: op.path.replace(/:([a-z_]+)/g, '{$1}'),
      summary: op.summary,
      ...(op.auth ? { security: [{ [bearer.name]: [] }] } : {}),
      request: {
        ...(op.params ? { params: op.params as never } : {}),
        ...(op.query ? { query: op.query as never } : {}),
        ...(op.body ? { body: { content: { 'application/json': { schema: op.body } }, required: true } } : {}),
      },
      responses,
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Memory Context Service', version: API_VERSION },
    servers: [{ url: serverUrl }],
  });
}
