import { OpenApiGeneratorV31, OpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { adminEndpoints } from './admin.js';
import { ErrorResponse, HTTPValidationError, InternalErrorResponse, ValidationError } from './common.js';
import { connectorEndpoints } from './connectors.js';
import { dashboardEndpoints } from './dashboard.js';
import type { AnyEndpoint, ErrorStatus, Security } from './endpoint.js';
import { healthEndpoints } from './health.js';
import { conventionResponses, requestHeaders, successHeaders } from './http-conventions.js';
import { memoryEndpoints } from './memory.js';
import { projectEndpoints } from './projects.js';
import { sessionEndpoints } from './sessions.js';
import { sipEndpoints } from './sip.js';
import { browseEndpoints } from './browse.js';
import { exportEndpoints } from './export.js';
import { listRecords } from './records.js';
import { operationAccess, scopesNeeded, type OperationAccess, type ProjectRule } from './scopes.js';
import { API_VERSION } from './version.js';

export { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

export const BEARER_SCHEME = 'bearerAuth';
export const ADMIN_SCHEME = 'adminToken';

/** Every endpoint of the interface spec (the admin API is separate: it is not part of the spec). */
export const specEndpoints: readonly AnyEndpoint[] = [
  ...sipEndpoints,
  ...memoryEndpoints,
  ...connectorEndpoints,
  ...projectEndpoints,
  ...sessionEndpoints,
  ...dashboardEndpoints,
  ...healthEndpoints,
];

/** Endpoints this service adds to the spec (docs/decisions.md, "Browsing, export, MCP"). */
export const extensionEndpoints: readonly AnyEndpoint[] = [...browseEndpoints, listRecords, ...exportEndpoints];

export { adminEndpoints };

// Parameters must be zod objects; the request schemas are typed more loosely for validation's sake.
type RouteParameter = NonNullable<RouteConfig['request']>['params'];

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

const ERROR_RESPONSES: Record<ErrorStatus, ResponseConfig> = {
  400: { description: 'The body could not be decoded.', content: json(ErrorResponse) },
  401: {
    description: 'Missing, malformed, unknown or revoked credentials.',
    headers: z.object({ 'WWW-Authenticate': z.literal('Bearer') }),
    content: json(ErrorResponse),
  },
  403: { description: 'The connector refuses the document (e.g. a private address or a path outside its root).', content: json(ErrorResponse) },
  404: { description: 'Not found, or not the caller\'s.', content: json(ErrorResponse) },
  409: {
    description: 'A conflict: the Idempotency-Key was used with another body or is still in flight, or the domain refuses the write (e.g. a deleted session).',
    content: json(ErrorResponse),
  },
  413: { description: 'The body is larger than the configured limit.', content: json(ErrorResponse) },
  415: { description: 'The connector cannot read this kind of document.', content: json(ErrorResponse) },
  429: { description: 'The daily ingest quota is used up.', content: json(ErrorResponse) },
  502: { description: 'The connector\'s upstream service failed or could not be reached.', content: json(ErrorResponse) },
  503: { description: 'Unavailable.', content: json(ErrorResponse) },
};

const SECURITY: Record<Exclude<Security, 'apiKey'>, RouteConfig['security']> = {
  adminToken: [{ [ADMIN_SCHEME]: [] }],
  none: [],
};

/** What a key limited to one project may not do, by the operation's rule (scopes.ts). */
const PROJECT_RULES: Record<ProjectRule, string> = {
  field: ', or is limited to one project and the request names another `project_id` (left out, it is set to the key\'s project) or sets `include_global`',
  path: ', or is limited to one project and the path names another',
  session: ', or is limited to one project and the request names a session outside it',
  none: '',
  all: ', or is limited to one project (this operation spans every project)',
};

/** The 403 of an operation behind an API key; a connector's own 403 (a refused document) is added to it. */
function keyForbidden(access: OperationAccess, connector: boolean): ResponseConfig {
  const needed = scopesNeeded(access).map((scope) => `\`${scope}\``);
  const lacks = needed.length === 1 ? `the ${needed[0]} scope` : `one of the scopes ${needed.join(', ')}`;
  const refused = connector ? ` Or: ${ERROR_RESPONSES[403].description}` : '';
  return { description: `The API key lacks ${lacks}${PROJECT_RULES[access.project]}.${refused}`, content: json(ErrorResponse) };
}

/** A registry with the shared components (security schemes, error shapes) that route modules register into. */
export function createApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'A user API key: `Authorization: Bearer <API_KEY>`. A key holds scopes (`read`, `write`, `sip`; all three unless made with fewer) and may be limited to one project; each operation lists the scope it needs, and answers 403 to a key without it.',
  });
  registry.registerComponent('securitySchemes', ADMIN_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator token (MEMCTX_ADMIN_TOKEN): `Authorization: Bearer <token>`.',
  });
  return registry;
}

export function registerEndpoint(registry: OpenAPIRegistry, endpoint: AnyEndpoint): void {
  const { body, query, params } = endpoint.request;
  const success: ResponseConfig = {
    description: endpoint.response.description,
    headers: successHeaders(endpoint),
    ...(endpoint.response.schema ? { content: { [endpoint.response.mediaType ?? 'application/json']: { schema: endpoint.response.schema } } } : {}),
  };
  const responses: Record<string, ResponseConfig> = { [endpoint.response.status]: success };
  for (const status of endpoint.errors) {
    // The health check answers 503 with its usual body, so a monitor can see which check failed.
    responses[status] = status === 503 && endpoint.response.schema ? { ...success, description: 'A check is down.' } : ERROR_RESPONSES[status];
  }
  Object.assign(responses, conventionResponses(endpoint, success));
  // OpenAPI 3.1 lets a bearer scheme's requirement name roles: the scope an operation needs is listed there.
  const access = endpoint.security === 'apiKey' ? operationAccess(endpoint.operationId) : undefined;
  if (access) responses[403] = keyForbidden(access, endpoint.errors.includes(403));
  if (body || query || params) responses[422] = { description: 'Validation error.', content: json(HTTPValidationError) };
  responses[500] = { description: 'Unexpected server error.', content: json(InternalErrorResponse) };

  registry.registerPath({
    method: endpoint.method,
    path: endpoint.path,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [...endpoint.tags],
    security: access ? [{ [BEARER_SCHEME]: [...scopesNeeded(access)] }] : SECURITY[endpoint.security as Exclude<Security, 'apiKey'>],
    request: {
      ...(requestHeaders(endpoint) ? { headers: requestHeaders(endpoint) } : {}),
      ...(params ? { params: params as RouteParameter } : {}),
      ...(query ? { query: query as RouteParameter } : {}),
      ...(body ? { body: { required: true, content: json(body) } } : {}),
    },
    responses,
  });
}

/** Named through the generator so declarations do not reach into openapi3-ts. */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

export interface DocumentOptions {
  servers?: Array<{ url: string; description?: string }>;
}

export function generateOpenApiDocument(registry: OpenAPIRegistry, options: DocumentOptions = {}): OpenApiDocument {
  // The shared error shapes are listed even when no registered route refers to them yet.
  const sharedComponents = [ErrorResponse, InternalErrorResponse, ValidationError, HTTPValidationError];
  return new OpenApiGeneratorV31([...registry.definitions, ...sharedComponents]).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Memory Context Service',
      version: API_VERSION,
      description: 'Conversational memory for AI assistants: records per user, and compact, cited memory contexts (SIPs).',
    },
    ...(options.servers ? { servers: options.servers } : {}),
  });
}

/** The document for the whole interface spec and its extensions, whether or not every handler is wired yet. */
export function generateSpecDocument(options: DocumentOptions = {}): OpenApiDocument {
  const registry = createApiRegistry();
  for (const endpoint of [...specEndpoints, ...extensionEndpoints, ...adminEndpoints]) registerEndpoint(registry, endpoint);
  return generateOpenApiDocument(registry, options);
}
