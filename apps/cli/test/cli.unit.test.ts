import { createApp, createInMemoryApiKeyStore } from '@memctx/api';
import { createLogger, loadConfig } from '@memctx/shared';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runCli, type CliIo } from '../src/index.js';

const ADMIN_TOKEN = 'cli-test-admin-token-0123';

async function serve(adminToken?: string): Promise<{ url: string; server: Server }> {
  const config = loadConfig({ MEMCTX_LOG_LEVEL: 'silent', ...(adminToken ? { MEMCTX_ADMIN_TOKEN: adminToken } : {}) });
  const app = createApp({ config, logger: createLogger(config), keyStore: createInMemoryApiKeyStore() });
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Runs `memctx ...args` in-process and captures what it prints. */
async function memctx(args: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { env, stdout: (text) => void out.push(text), stderr: (text) => void err.push(text), fetch };
  const code = await runCli(args, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

let server: Server;
let env: Record<string, string>;
beforeAll(async () => {
  const running = await serve(ADMIN_TOKEN);
  server = running.server;
  env = { MEMCTX_URL: running.url, MEMCTX_ADMIN_TOKEN: ADMIN_TOKEN };
});
afterAll(() => stop(server));

describe('memctx keys', () => {
  it('creates a key and prints only the key on stdout', async () => {
    const result = await memctx(['keys', 'create', '--user', 'alice'], env);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toMatch(/^mcx_[A-Za-z0-9_-]{43}\n$/);
    expect(result.stderr).toMatch(/^Created API key \S+ for user alice \(read, write, sip; every project\)\. Store it now: it is not shown again\.\n$/);
  });

  it('creates a key with fewer scopes and one project, and lists them', async () => {
    const result = await memctx(['keys', 'create', '--user', 'dora', '--scopes', 'sip, read', '--project', 'p1'], env);
    expect(result.stderr).toMatch(/^Created API key \S+ for user dora \(read, sip; project p1\)\./);
    await memctx(['keys', 'create', '--user', 'dora', '--scopes', 'all'], env);

    const lines = (await memctx(['keys', 'list', '--user', 'dora'], env)).stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+USER\s+PREFIX\s+SCOPES\s+PROJECT\s+CREATED\s+REVOKED$/);
    expect(lines[1]).toMatch(/ read,sip +p1 /);
    expect(lines[2]).toMatch(/ read,write,sip +\* /);
  });

  it('creates a key as JSON', async () => {
    const result = await memctx(['keys', 'create', '--user', 'bob', '--json'], env);
    expect(JSON.parse(result.stdout)).toMatchObject({ user_id: 'bob', api_key: expect.stringMatching(/^mcx_/), id: expect.any(String) });
  });

  it('lists, filters and revokes keys', async () => {
    const created = JSON.parse((await memctx(['keys', 'create', '--user', 'carol', '--json'], env)).stdout) as { id: string; api_key: string };

    const listed = await memctx(['keys', 'list', '--user', 'carol'], env);
    expect(listed.code).toBe(EXIT.ok);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+USER\s+PREFIX\s+SCOPES\s+PROJECT\s+CREATED\s+REVOKED$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(created.id);
    expect(lines[1]).toContain(created.api_key.slice(0, 12));
    expect(listed.stdout).not.toContain(created.api_key);
    expect(lines[1]).toMatch(/ -$/);

    expect(await memctx(['keys', 'revoke', created.id], env)).toEqual({ code: EXIT.ok, stdout: `Revoked API key ${created.id}.\n`, stderr: '' });
    const json = JSON.parse((await memctx(['keys', 'list', '--user', 'carol', '--json'], env)).stdout) as Array<{ revoked_at: string | null }>;
    expect(json[0]?.revoked_at).toEqual(expect.any(String));
  });

  it('says so when there are no keys', async () => {
    expect((await memctx(['keys', 'list', '--user', 'nobody'], env)).stdout).toBe('No API keys.\n');
  });

  it('fails with exit 1 when revoking an unknown key', async () => {
    const result = await memctx(['keys', 'revoke', 'no-such-key'], env);
    expect(result.code).toBe(EXIT.failed);
    expect(result.stderr).toBe('memctx: DELETE /admin/v1/api-keys/no-such-key failed with 404: API key not found\n');
  });

  it('fails with exit 3 on a wrong admin token', async () => {
    const result = await memctx(['keys', 'list'], { ...env, MEMCTX_ADMIN_TOKEN: 'wrong-token-wrong-token' });
    expect(result.code).toBe(EXIT.unauthorized);
    expect(result.stderr).toBe('memctx: the server rejected the admin token (Invalid admin token)\n');
  });

  it('explains a server whose admin API is disabled', async () => {
    const closed = await serve();
    try {
      const result = await memctx(['keys', 'list'], { MEMCTX_URL: closed.url, MEMCTX_ADMIN_TOKEN: ADMIN_TOKEN });
      expect(result.code).toBe(EXIT.failed);
      expect(result.stderr).toContain('the admin API is disabled');
    } finally {
      await stop(closed.server);
    }
  });

  it('explains an unreachable server', async () => {
    const gone = await serve(ADMIN_TOKEN);
    await stop(gone.server);
    const result = await memctx(['keys', 'list'], { MEMCTX_URL: gone.url, MEMCTX_ADMIN_TOKEN: ADMIN_TOKEN });
    expect(result.code).toBe(EXIT.failed);
    expect(result.stderr).toMatch(/^memctx: cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });
});

describe('usage errors exit 2 without sending anything', () => {
  it.each([
    [['keys', 'create'], 'keys create needs --user <user-id>'],
    [['keys', 'create', '--user'], "Option '--user <value>' argument missing"],
    [['keys', 'create', '--user', 'a', '--bogus'], "Unknown option '--bogus'"],
    [['keys', 'create', '--user', 'a', '--scopes', 'read,admin'], "--scopes takes read, write, sip or all, comma-separated; got 'read,admin'"],
    [['keys', 'revoke'], 'keys revoke needs the key id'],
    [['keys', 'revoke', 'a', 'b'], "unexpected argument 'b'"],
    [['keys', 'list', 'extra'], "Unexpected argument 'extra'"],
    [['keys', 'rotate'], "unknown command 'keys rotate'"],
    [['frobnicate'], "unknown command 'frobnicate'"],
  ])('memctx %j', async (args, message) => {
    const result = await memctx(args, { ...env, MEMCTX_URL: 'http://127.0.0.1:9' });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain(message);
  });

  it('needs MEMCTX_ADMIN_TOKEN', async () => {
    const result = await memctx(['keys', 'list'], { MEMCTX_URL: env.MEMCTX_URL });
    expect(result).toMatchObject({ code: EXIT.usage, stderr: expect.stringContaining('MEMCTX_ADMIN_TOKEN is not set') });
  });

  it('prints help', async () => {
    expect(await memctx(['--help'], {})).toMatchObject({ code: EXIT.ok, stdout: expect.stringMatching(/keys +create, list and revoke user API keys[\s\S]*projections +projection status and blue\/green rebuilds/) });
    expect(await memctx(['keys', '--help'], {})).toMatchObject({ code: EXIT.ok, stdout: expect.stringContaining('memctx keys revoke <key-id>') });
    expect(await memctx([], {})).toMatchObject({ code: EXIT.usage });
  });
});
