import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API_VERSION,
  adminEndpoints,
  createApiRegistry,
  defineEndpoint,
  generateOpenApiDocument,
  generateSpecDocument,
  registerEndpoint,
  specEndpoints,
  extensionEndpoints,
  OPERATION_ACCESS,
} from '../src/index.js';

type Operation = {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Record<string, unknown> }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: { $ref?: string } }>; headers?: Record<string, unknown> }>;
};

const document = generateSpecDocument() as unknown as {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>; securitySchemes: Record<string, unknown> };
};
const operation = (path: string, method: string) => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

describe('the OpenAPI document of the spec', () => {
  it('is OpenAPI 3.1 at version 0.1.0', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.1.0');
    expect(API_VERSION).toBe('0.1.0');
  });

  it('has every endpoint of the spec', () => {
    const listed = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(
      [
        'POST /api/v1/sip/build',
        'POST /api/v1/memory/ingest',
        'POST /api/v1/memory/generated',
        'GET /api/v1/connectors',
        'POST /api/v1/connectors/{connector_type}/list',
        'POST /api/v1/connectors/{connector_type}/ingest',
        'POST /api/v1/projects',
        'PATCH /api/v1/projects/{project_id}',
        'GET /api/v1/projects/{project_id}/sources',
        'GET /api/v1/sessions/{session_id}/messages',
        'DELETE /api/v1/sessions/{session_id}',
        'POST /api/v1/sessions/{session_id}/restore',
        'POST /api/v1/sessions/clear-all',
        'GET /api/v1/dashboard/efficiency',
        'GET /api/v1/dashboard/activity',
        'GET /api/v1/dashboard/provenance',
        'GET /api/v1/health',
        'POST /admin/v1/api-keys',
        'GET /admin/v1/api-keys',
        'DELETE /admin/v1/api-keys/{id}',
        // Additions to the spec (docs/decisions.md, "Browsing, export, MCP").
        'GET /api/v1/projects',
        'GET /api/v1/sessions',
        'GET /api/v1/memory/records',
        'GET /api/v1/export',
      ].sort(),
    );
    expect(specEndpoints).toHaveLength(17);
    expect(adminEndpoints).toHaveLength(3);
    expect(extensionEndpoints).toHaveLength(4);
  });

  it('requires the bearer key everywhere except health and the connector listing', () => {
    for (const endpoint of specEndpoints) {
      const security = operation(endpoint.path, endpoint.method).security;
      const open = endpoint.path === '/api/v1/health' || (endpoint.path === '/api/v1/connectors' && endpoint.method === 'get');
      // The role names of the requirement are the scope the operation needs (scopes.ts).
      expect(security, endpoint.operationId).toEqual(open ? [] : [{ bearerAuth: [OPERATION_ACCESS[endpoint.operationId]?.scope] }]);
      if (!open) expect(operation(endpoint.path, endpoint.method).responses['403']?.description).toMatch(/^The API key lacks the `(read|write|sip)` scope/);
      if (!open) expect(operation(endpoint.path, endpoint.method).responses['401']?.headers).toHaveProperty('WWW-Authenticate');
    }
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents 422 with HTTPValidationError wherever a request is validated', () => {
    const schema = operation('/api/v1/memory/ingest', 'post').responses['422']?.content?.['application/json']?.schema;
    expect(schema).toEqual({ $ref: '#/components/schemas/HTTPValidationError' });
    expect(operation('/api/v1/health', 'get').responses).not.toHaveProperty('422');
    expect(document.components.schemas.ValidationError?.required?.sort()).toEqual(['loc', 'msg', 'type']);
    expect(Object.keys(document.components.schemas.ValidationError?.properties ?? {}).sort()).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
  });

  it('documents 404 and 429 where the spec has them', () => {
    expect(Object.keys(operation('/api/v1/sessions/{session_id}/restore', 'post').responses)).toContain('404');
    expect(Object.keys(operation('/api/v1/memory/ingest', 'post').responses)).toContain('429');
    expect(Object.keys(operation('/api/v1/connectors/{connector_type}/ingest', 'post').responses)).toContain('429');
  });

  it('answers 204 without a body for a session delete', () => {
    expect(operation('/api/v1/sessions/{session_id}', 'delete').responses['204']).not.toHaveProperty('content');
  });

  it('describes the messages query with its default and bounds', () => {
    // Header parameters (read-your-writes) are covered with the conventions below.
    const parameters = (operation('/api/v1/sessions/{session_id}/messages', 'get').parameters ?? []).filter((p) => p.in !== 'header');
    expect(parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'session_id', true],
      ['query', 'limit', false],
      ['query', 'offset', false],
    ]);
    expect(parameters[1]?.schema).toMatchObject({ type: 'integer', minimum: 1, default: 50 });
    expect(parameters[2]?.schema).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    const activity = operation('/api/v1/dashboard/activity', 'get').parameters?.[0]?.schema;
    expect(activity).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 15 });
  });

  it('marks the SIP response fields the spec calls optional as not required', () => {
    expect(document.components.schemas.SipBuildResponse?.required?.sort()).toEqual(['records_used', 'sip', 'user_id']);
    expect(document.components.schemas.SipCitation?.required?.sort()).toEqual(['index', 'provenance', 'record_id', 'summary']);
  });
});

describe('a registry that route modules register into', () => {
  it('documents only what was registered, with the shared components', () => {
    const registry = createApiRegistry();
    registerEndpoint(
      registry,
      defineEndpoint({
        method: 'post',
        path: '/api/v1/demo/{id}',
        operationId: 'demo',
        summary: 'Demo',
        tags: ['demo'],
        security: 'apiKey',
        request: { params: z.object({ id: z.string() }), body: z.object({ n: z.int() }) },
        response: { status: 200, description: 'ok', schema: z.object({ ok: z.boolean() }) },
        errors: [401],
      }),
    );
    const doc = generateOpenApiDocument(registry) as unknown as typeof document;
    expect(Object.keys(doc.paths)).toEqual(['/api/v1/demo/{id}']);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['HTTPValidationError', 'ValidationError', 'ErrorResponse', 'InternalErrorResponse']));
    expect(doc.paths['/api/v1/demo/{id}']?.post?.requestBody?.required).toBe(true);
  });
});

describe('statuses and headers of the service conventions', () => {
  it('lists idempotency, quota, conflict and 202 answers where the routes give them', () => {
    const ingest = operation('/api/v1/memory/ingest', 'post');
    expect(Object.keys(ingest.responses).sort()).toEqual(['200', '400', '401', '403', '409', '413', '415', '422', '429', '500', '503']);
    expect(Object.keys(ingest.responses['429']?.headers ?? {})).toEqual(expect.arrayContaining(['Retry-After', 'X-RateLimit-Remaining']));
    expect(Object.keys(ingest.responses['200']?.headers ?? {})).toEqual(expect.arrayContaining(['X-Memctx-Position', 'X-RateLimit-Limit', 'X-Request-Id']));
    expect((ingest.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name).sort()).toEqual(['Idempotency-Key', 'X-Memctx-Min-Position']);
    expect(Object.keys(operation('/api/v1/connectors/{connector_type}/ingest', 'post').responses)).toContain('202');
    const read = operation('/api/v1/sessions', 'get');
    expect((read.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name)).toEqual(['X-Memctx-Min-Position']);
    expect(read.responses['200']?.headers).not.toHaveProperty('X-Memctx-Position');
    expect(operation('/api/v1/health', 'get').parameters ?? []).toEqual([]);
    expect(Object.keys(operation('/api/v1/projects', 'post').responses)).toContain('503');
  });

  it('answers a dependency outage with 503 and Retry-After on every endpoint behind a key, and says what to retry', () => {
    const ingest = operation('/api/v1/memory/ingest', 'post').responses['503'];
    expect(Object.keys(ingest?.headers ?? {})).toEqual(expect.arrayContaining(['Retry-After']));
    expect(ingest?.description).toMatch(/never a 500.*Idempotency-Key/s);
    expect(operation('/api/v1/sessions', 'get').responses['503']?.description).not.toMatch(/Idempotency-Key/);
  });

  it('describes the export as JSON Lines', () => {
    expect(Object.keys(operation('/api/v1/export', 'get').responses['200']?.content ?? {})).toEqual(['application/x-ndjson']);
  });
});
