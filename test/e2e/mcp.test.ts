import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

const ROOT = resolve(import.meta.dirname, '../..');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: Record<string, unknown> };

const textOf = (result: ToolResult) => result.content.map((item) => item.text ?? '').join('');
// Tool results carry JSON as text; the lists are read back from it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const jsonOf = (result: ToolResult): any => JSON.parse(textOf(result));

async function connect(transport: Transport): Promise<{ call(name: string, args?: Record<string, unknown>): Promise<ToolResult>; client: Client }> {
  const client = new Client({ name: 'memctx-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as ToolResult };
}

const overHttp = (key: string) =>
  connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));

const overStdio = (key: string) =>
  connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@memctx/source', '--import', 'tsx', 'apps/cli/src/main.ts', 'mcp'],
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', MEMCTX_URL: server.url, MEMCTX_API_KEY: key },
      stderr: 'inherit',
    }),
  );

describe('MCP over Streamable HTTP at /mcp', () => {
  it('answers 401 in the API error shape without a key, and 405 to GET', async () => {
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
    const user = await server.newUser('mcp-get');
    const get = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${user.key}` } });
    expect(get.status).toBe(405);
    const broken = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{not json',
    });
    expect(broken.status).toBe(400);
  });

  it('lists the tools with input schemas from the API contracts', async () => {
    const user = await server.newUser('mcp-tools');
    const { client } = await overHttp(user.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['build_sip', 'delete_session', 'ingest_round', 'list_projects', 'list_sessions']);
    const ingest = tools.find((tool) => tool.name === 'ingest_round')!;
    expect(ingest.inputSchema.required).toEqual(expect.arrayContaining(['session_id', 'user_message']));
    expect(ingest.inputSchema.required).not.toContain('assistant_message');
    expect(ingest.inputSchema.properties).toHaveProperty('session_id.maxLength', 200);
    const build = tools.find((tool) => tool.name === 'build_sip')!;
    expect(build.inputSchema.properties).toHaveProperty('token_budget.anyOf', [{ type: 'integer', minimum: 50, maximum: 2 ** 31 - 1 }, { type: 'null' }]);
    await client.close();
  });

  it('ingests a round, builds a cited SIP, lists, and deletes, as the key owner only', async () => {
    const alice = await server.newUser('mcp-alice');
    const mallory = await server.newUser('mcp-mallory');
    const project = await alice.call('POST', '/api/v1/projects', { name: 'travel' });
    const projectId = project.body.id as string;
    const { client, call } = await overHttp(alice.key);

    const ingested = await call('ingest_round', { session_id: 's-mcp-1', user_message: 'I live in Lisbon and my cat is called Miso.', project_id: projectId });
    expect(ingested.isError).toBeFalsy();
    expect(jsonOf(ingested)).toMatchObject({ records_written: 1, status: 'stored', round_id: expect.any(String) });

    const built = await call('build_sip', { query: 'What is my cat called?', project_id: projectId });
    expect(built.isError).toBeFalsy();
    expect(built.structuredContent).toMatchObject({ user_id: alice.userId, records_used: expect.any(Number) });
    expect(textOf(built)).toBe(built.structuredContent!.sip);
    expect(built.structuredContent!.records_used).toBeGreaterThanOrEqual(1);
    expect(textOf(built)).toContain('Miso');
    const small = await call('build_sip', { query: 'What is my cat called?', project_id: projectId, token_budget: 100 });
    expect(small.structuredContent).toMatchObject({ token_budget: 100, tokens_sip: expect.any(Number) });
    expect(small.structuredContent!.tokens_sip).toBeLessThanOrEqual(100);

    expect(jsonOf(await call('list_projects')).projects).toEqual([expect.objectContaining({ id: projectId, name: 'travel' })]);
    const sessions = jsonOf(await call('list_sessions', { project_id: projectId }));
    expect(sessions.sessions.map((s: { id: string }) => s.id)).toEqual(['s-mcp-1']);

    // Mallory's key sees none of it; her delete of Alice's session is the API's 404 as a tool error.
    const asMallory = await overHttp(mallory.key);
    expect(jsonOf(await asMallory.call('list_sessions')).sessions).toEqual([]);
    const foreign = await asMallory.call('delete_session', { session_id: 's-mcp-1' });
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toContain('404');
    const foreignProject = await asMallory.call('list_sessions', { project_id: projectId });
    expect(foreignProject.isError).toBe(true);
    await asMallory.client.close();

    const deleted = await call('delete_session', { session_id: 's-mcp-1' });
    expect(deleted.isError).toBeFalsy();
    expect(jsonOf(await call('list_sessions')).sessions).toEqual([]);
    const withDeleted = jsonOf(await call('list_sessions', { include_deleted: true }));
    expect(withDeleted.sessions).toEqual([expect.objectContaining({ id: 's-mcp-1', deleted_at: expect.any(String) })]);
    await client.close();
  });

  it('refuses arguments the API contract refuses, as a tool error', async () => {
    const user = await server.newUser('mcp-bad');
    const { client, call } = await overHttp(user.key);
    const empty = await call('ingest_round', { session_id: '', user_message: 'hi' });
    expect(empty.isError).toBe(true);
    const tooLong = await call('list_sessions', { limit: 10_000 });
    expect(tooLong.isError).toBe(true);
    const tinyBudget = await call('build_sip', { query: 'anything', token_budget: 10 });
    expect(tinyBudget.isError).toBe(true);
    await client.close();
  });
});

describe('MCP over stdio (memctx mcp)', () => {
  it('serves the same tools through the HTTP API with MEMCTX_API_KEY', async () => {
    const user = await server.newUser('mcp-stdio');
    const { client, call } = await overStdio(user.key);
    const ingested = await call('ingest_round', { session_id: 's-stdio', user_message: 'My favourite tea is genmaicha.', assistant_message: 'Noted.' });
    expect(jsonOf(ingested)).toMatchObject({ records_written: 1, status: 'stored' });
    const built = await call('build_sip', { query: 'Which tea do I like?' });
    expect(built.structuredContent).toMatchObject({ user_id: user.userId });
    expect(textOf(built)).toContain('genmaicha');
    expect(jsonOf(await call('list_sessions')).sessions).toEqual([expect.objectContaining({ id: 's-stdio', message_count: 2 })]);
    const missing = await call('delete_session', { session_id: 'no-such-session' });
    expect(missing).toMatchObject({ isError: true });
    expect(textOf(missing)).toContain('404');
    await client.close();
  });
});
