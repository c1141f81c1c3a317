import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** An example as `pnpm -s example:<name>` runs it (the same node flags), with stdin given. */
function example(file: string, env: Record<string, string>, stdin = ''): Promise<{ stdout: string }> {
  const child = run(process.execPath, ['--conditions=@memctx/source', '--import', 'tsx', file], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 });
  child.child.stdin?.end(stdin);
  return child;
}

describe('the examples', () => {
  it('the README shows examples/quickstart.ts as it is, and it runs', async () => {
    const [readme, quickstart] = await Promise.all([readFile(resolve(ROOT, 'README.md'), 'utf8'), readFile(resolve(ROOT, 'examples/quickstart.ts'), 'utf8')]);
    expect(readme).toContain(`\`\`\`ts\n${quickstart}\`\`\``);
    const user = await server.newUser('quickstart');
    const { stdout } = await example('examples/quickstart.ts', { MEMCTX_URL: server.url, MEMCTX_API_KEY: user.key });
    expect(stdout).toContain('[1] ROUND: I am allergic to peanuts.');
    expect(stdout).toContain('restored s2 with 2 messages');
  });

  it('the chat loop prepends the SIP and remembers each round', async () => {
    const user = await server.newUser('chat');
    const { stdout } = await example(
      'examples/chat-loop.ts',
      { MEMCTX_URL: server.url, MEMCTX_API_KEY: user.key, SESSION_ID: 'chat-e2e' },
      'My sister Ana lives in Porto.\nWhere does my sister live?\n',
    );
    expect(stdout).toContain('[1] My sister Ana lives in Porto.');
    const messages = await user.call('GET', '/api/v1/sessions/chat-e2e/messages');
    expect(messages.body.total).toBe(4);
  });
});
