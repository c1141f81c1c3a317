import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from './demo-routes.js';
import { call, startApp, type RunningApp } from './helpers.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ routes: [demoRoutes] });
});
afterAll(() => app.close());

describe('request ids', () => {
  it('generates one when absent and echoes it', async () => {
    const response = await call(`${app.url}/api/v1/health`);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the caller's id", async () => {
    const response = await call(`${app.url}/api/v1/health`, { headers: { 'X-Request-Id': 'abc-123' } });
    expect(response.headers.get('x-request-id')).toBe('abc-123');
  });

  it('replaces an id that could forge log lines', async () => {
    const response = await call(`${app.url}/api/v1/health`, { headers: { 'X-Request-Id': 'a b"c' } });
    expect(response.headers.get('x-request-id')).not.toBe('a b"c');
  });

  it('puts the id into the request log line', async () => {
    await call(`${app.url}/api/v1/health`, { headers: { 'X-Request-Id': 'log-me-1' } });
    await expect.poll(() => app.logs.find((line) => line.request_id === 'log-me-1')).toMatchObject({
      msg: 'request completed',
      res: { statusCode: 200 },
    });
  });
});

describe('errors', () => {
  it('answers an unknown route with 404 JSON', async () => {
    for (const path of ['/nope', '/api/v1/nope', '/admin/v1/api-keys']) {
      expect(await call(`${app.url}${path}`)).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    }
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const response = await call(`${app.url}/api/v1/health`, { method: 'DELETE' });
    expect(response).toMatchObject({ status: 405, body: { detail: 'Method Not Allowed' } });
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers a path parameter that cannot be decoded with 400 JSON', async () => {
    expect(await call(`${app.url}/api/v1/demo/%ZZ`, { method: 'POST', json: {} })).toMatchObject({ status: 400, body: { detail: 'Bad Request' } });
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const response = await call(`${app.url}/api/v1/demo/1`, { method: 'POST', json: { name: 'x'.repeat(2048), count: 1 } });
    expect(response).toMatchObject({ status: 413, body: { detail: 'Request body is larger than the limit of 1kb' } });
  });

  it('answers an unexpected error with 500, the request id and no internals; the log has the stack', async () => {
    const response = await call(`${app.url}/api/v1/boom`, { headers: { 'X-Request-Id': 'boom-1' } });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ detail: 'Internal Server Error', request_id: 'boom-1' });
    expect(JSON.stringify(response.body)).not.toMatch(/hunter2|at .*\.ts/);
    await expect.poll(() => app.logs.find((line) => line.request_id === 'boom-1')).toMatchObject({
      level: 50,
      err: { message: 'database password is hunter2', stack: expect.stringContaining('demo-routes.ts') },
    });
  });
});

describe('OpenAPI', () => {
  it('serves the document of the endpoints it serves', async () => {
    const { status, body } = await call(`${app.url}/api/v1/openapi.json`);
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.info.version).toBe('0.1.0');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/connectors', '/api/v1/demo/{item_id}', '/api/v1/whoami']),
    );
    // whoami, a test route, is not in the scope map (scopes.ts), so it needs every scope.
    expect(body.paths['/api/v1/whoami'].get.security).toEqual([{ bearerAuth: ['read', 'write', 'sip'] }]);
    expect(body.components.schemas).toHaveProperty('HTTPValidationError');
    expect(body.components.securitySchemes).toHaveProperty('bearerAuth');
  });
});

describe('metrics', () => {
  it('exposes the request duration histogram by method, route and status', async () => {
    await call(`${app.url}/api/v1/health`);
    await call(`${app.url}/api/v1/nope`);
    const response = await fetch(`${app.url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/health",status_code="200"\}/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} \d+/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});

describe('connectors listing', () => {
  it('is open and empty for now', async () => {
    expect(await call(`${app.url}/api/v1/connectors`)).toMatchObject({ status: 200, body: { connectors: [] } });
  });

  it('lists what the catalog holds', async () => {
    const github = {
      connector_type: 'github',
      name: 'GitHub',
      credential_fields: [{ name: 'token', description: 'A personal access token', required: true, secret: true }],
    };
    const other = await startApp({ connectors: { catalog: () => [github], get: () => undefined, statusOf: () => undefined } });
    try {
      expect((await call(`${other.url}/api/v1/connectors`)).body).toEqual({ connectors: [github] });
    } finally {
      await other.close();
    }
  });
});
