import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type Client, type TestServer } from './server.js';

let server: TestServer;
let owner: Client;
let project: string;

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

/** Another key of the owner's user, made through the admin API with these scopes and project. */
async function keyWith(access: { scopes?: string[]; project_id?: string }) {
  const created = await admin('POST', '/admin/v1/api-keys', { user_id: owner.userId, ...access });
  expect(created.status).toBe(201);
  const key = created.body.api_key as string;
  const call = (method: string, path: string, body?: unknown) => owner.call(method, path, body, { authorization: `Bearer ${key}` });
  return Object.assign(call, { key });
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.newUser('scopes');
  project = (await owner.call('POST', '/api/v1/projects', { name: 'extension' })).body.id;
  await owner.call('POST', '/api/v1/memory/ingest', { session_id: 'global', user_message: 'My sister Ana lives in Porto.', assistant_message: 'Noted!' });
  await owner.call('POST', '/api/v1/memory/ingest', { session_id: 'in-project', project_id: project, user_message: 'The launch is on Friday.', assistant_message: 'Got it.' });
});
afterAll(async () => {
  await server?.stop();
});

describe('scoped API keys', () => {
  it('are made with scopes and a project, and listed with them; a key made without either has full access', async () => {
    const created = await admin('POST', '/admin/v1/api-keys', { user_id: 'scope-listing', scopes: ['sip', 'read'], project_id: 'p1' });
    expect(created.body).toMatchObject({ user_id: 'scope-listing', scopes: ['read', 'sip'], project_id: 'p1', api_key: expect.stringMatching(/^mcx_/) });
    await admin('POST', '/admin/v1/api-keys', { user_id: 'scope-listing' });
    const listed = await admin('GET', '/admin/v1/api-keys?user_id=scope-listing');
    expect(listed.body.keys.map((k: { scopes: string[]; project_id: string | null }) => [k.scopes, k.project_id])).toEqual([
      [['read', 'sip'], 'p1'],
      [['read', 'write', 'sip'], null],
    ]);
  });

  it('refuses scopes that do not exist, and an empty list', async () => {
    expect((await admin('POST', '/admin/v1/api-keys', { user_id: 'u', scopes: ['admin'] })).status).toBe(422);
    expect((await admin('POST', '/admin/v1/api-keys', { user_id: 'u', scopes: [] })).status).toBe(422);
  });

  it('a sip key builds SIPs and nothing else: 403 with the scope it lacks, before its body is even validated', async () => {
    const sip = await keyWith({ scopes: ['sip'] });
    expect((await sip('POST', '/api/v1/sip/build', { query: 'Where does my sister live?' })).status).toBe(200);

    const ingest = await sip('POST', '/api/v1/memory/ingest', { session_id: 's', user_message: 'x', assistant_message: 'y' });
    expect(ingest).toMatchObject({ status: 403, body: { detail: "This API key lacks the 'write' scope that ingestRound needs; it has: sip" } });
    expect((await sip('POST', '/api/v1/memory/ingest', { nonsense: true })).status).toBe(403);
    expect((await sip('GET', '/api/v1/sessions')).body.detail).toBe("This API key lacks the 'read' scope that listSessions needs; it has: sip");
    expect((await sip('GET', '/api/v1/export')).status).toBe(403);
  });

  it('a read key browses and exports but neither writes nor builds SIPs', async () => {
    const read = await keyWith({ scopes: ['read'] });
    expect((await read('GET', '/api/v1/sessions')).status).toBe(200);
    expect((await read('GET', '/api/v1/memory/records?query=sister')).status).toBe(200);
    expect((await read('GET', '/api/v1/sessions/global/messages')).status).toBe(200);
    expect((await read('POST', '/api/v1/sip/build', { query: 'sister' })).body.detail).toContain("lacks the 'sip' scope");
    expect((await read('DELETE', '/api/v1/sessions/global')).body.detail).toContain("lacks the 'write' scope that deleteSession needs");
    expect((await read('POST', '/api/v1/projects', { name: 'nope' })).status).toBe(403);
  });

  it('a write key ingests but does not read back', async () => {
    const write = await keyWith({ scopes: ['write'] });
    expect((await write('POST', '/api/v1/memory/ingest', { session_id: 'w', user_message: 'I like tea.', assistant_message: 'Ok.' })).status).toBe(200);
    expect((await write('GET', '/api/v1/sessions/w/messages')).status).toBe(403);
  });

  it('the MCP tools answer with the same scope rules', async () => {
    const read = await keyWith({ scopes: ['read'] });
    const client = new McpClient({ name: 'memctx-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${read.key}` } } }));
    const text = (result: unknown) => (result as { content: Array<{ text?: string }> }).content.map((item) => item.text ?? '').join('');
    expect(text(await client.callTool({ name: 'list_sessions', arguments: {} }))).toContain('global');
    const built = await client.callTool({ name: 'build_sip', arguments: { query: 'sister' } });
    expect(built.isError).toBe(true);
    expect(text(built)).toContain("lacks the 'sip' scope");
    await client.close();
  });
});

describe('a key limited to a project', () => {
  it('builds SIPs from its project only, and may not reach outside it', async () => {
    const scoped = await keyWith({ project_id: project });
    const inside = await scoped('POST', '/api/v1/sip/build', { query: 'When is the launch?' });
    expect(inside.body.citations.map((c: { summary: string }) => c.summary)).toEqual([expect.stringContaining('The launch is on Friday.')]);
    const sister = await scoped('POST', '/api/v1/sip/build', { query: 'Where does my sister live?' });
    expect(JSON.stringify(sister.body.citations)).not.toContain('Porto');

    expect((await scoped('POST', '/api/v1/sip/build', { query: 'sister', include_global: true })).body.detail).toBe(
      `This API key is limited to project ${project}; include_global would reach records outside it`,
    );
    expect((await scoped('POST', '/api/v1/sip/build', { query: 'sister', project_id: 'other' })).body.detail).toBe(
      `This API key is limited to project ${project}; the request names project other`,
    );
  });

  it('files its rounds under its project, and lists only its project', async () => {
    const scoped = await keyWith({ project_id: project });
    expect((await scoped('POST', '/api/v1/memory/ingest', { session_id: 'scoped-new', user_message: 'Deploys go out on Tuesdays.', assistant_message: 'Ok.' })).status).toBe(200);
    const sessions = await scoped('GET', '/api/v1/sessions');
    expect(sessions.body.sessions.map((s: { id: string }) => s.id).sort()).toEqual(['in-project', 'scoped-new']);
    const records = await scoped('GET', '/api/v1/memory/records');
    expect(records.body.records.every((r: { project_id: string | null }) => r.project_id === project)).toBe(true);
  });

  it('reaches sessions of its project only', async () => {
    const scoped = await keyWith({ project_id: project, scopes: ['read', 'write'] });
    expect((await scoped('GET', '/api/v1/sessions/in-project/messages')).status).toBe(200);
    expect((await scoped('GET', '/api/v1/sessions/global/messages')).body.detail).toBe(`This API key is limited to project ${project}; session global is not in it`);
    expect((await scoped('DELETE', '/api/v1/sessions/global')).status).toBe(403);
    expect((await scoped('GET', '/api/v1/sessions/nowhere/messages')).body.detail).toContain('session nowhere does not exist in it');
    expect((await scoped('GET', `/api/v1/projects/${project}/sources`)).status).toBe(200);
    expect((await scoped('GET', '/api/v1/projects/other/sources')).status).toBe(403);
  });

  it('may not call what spans every project', async () => {
    const scoped = await keyWith({ project_id: project });
    for (const [method, path, body] of [['GET', '/api/v1/export'], ['GET', '/api/v1/projects'], ['POST', '/api/v1/projects', { name: 'x' }], ['POST', '/api/v1/sessions/clear-all']] as const) {
      const answer = await scoped(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.detail).toMatch(/spans every project$/);
    }
  });
});

describe('the OpenAPI document', () => {
  it('names the scope each operation needs and documents its 403', async () => {
    const document = (await owner.call('GET', '/api/v1/openapi.json')).body;
    const sip = document.paths['/api/v1/sip/build'].post;
    expect(sip.security).toEqual([{ bearerAuth: ['sip'] }]);
    expect(sip.responses['403'].description).toContain('lacks the `sip` scope');
    expect(document.paths['/api/v1/export'].get.security).toEqual([{ bearerAuth: ['read'] }]);
    expect(document.paths['/api/v1/memory/ingest'].post.security).toEqual([{ bearerAuth: ['write'] }]);
  });
});
