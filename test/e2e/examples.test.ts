import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@memctx/testing';
import { createApiKey, freePort, startRole } from '../faults/roles.js';
import { killAndWait } from './processes.js';
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

  it.each(['ai-sdk', 'langchain'])('the README shows examples/%s.ts as it is', async (name) => {
    const [readme, source] = await Promise.all([readFile(resolve(ROOT, 'README.md'), 'utf8'), readFile(resolve(ROOT, `examples/${name}.ts`), 'utf8')]);
    expect(readme).toContain(`\`\`\`ts\n${source}\`\`\``);
  });

  it('the AI SDK example streams a reply given the SIP, with its citations and the round it posted', async () => {
    const user = await server.newUser('ai-sdk-example');
    const { stdout } = await example('examples/ai-sdk.ts', { MEMCTX_URL: server.url, MEMCTX_API_KEY: user.key });
    expect(stdout).toContain('(echo) I remember: [1] My flight to Lisbon leaves on May 3rd.');
    expect(stdout).toContain('[1] ROUND: My flight to Lisbon leaves on May 3rd.');
    const roundId = /remembered as round (\S+)/.exec(stdout)?.[1];
    const stored = await user.call('GET', '/api/v1/sessions/trip-planning/messages');
    expect(stored.body.messages.map((m: { round_id: string; content: string }) => [m.round_id, m.content])).toEqual([
      [roundId, 'When does my flight leave?'],
      [roundId, expect.stringContaining('(echo) I remember: [1] My flight to Lisbon')],
    ]);
  });

  it('the LangChain example retrieves the cited record and keeps a chat in a session', async () => {
    const user = await server.newUser('langchain-example');
    const { stdout } = await example('examples/langchain.ts', { MEMCTX_URL: server.url, MEMCTX_API_KEY: user.key });
    expect(stdout).toMatch(/^\[1\] ROUND \S+: .*My sister Ana lives in Porto\./m);
    expect(stdout).toContain('human: I am Rui.\nai: Hello Rui!\nhuman: Who am I?\nai: You are Rui.');
  });

  it('the tracing example prints the trace of one round from the spans a memctx process exports over OTLP', async () => {
    const readme = await readFile(resolve(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 OTEL_BSP_SCHEDULE_DELAY=500 pnpm start');
    expect(readme).toContain('MEMCTX_API_KEY=$KEY pnpm -s example:tracing');
    // Its own memctx process, with tracing turned on as the README says: the standard OTEL_* variables.
    const database = await createTestDatabase('e2e');
    const otlpPort = await freePort();
    const memctx = await startRole('api', {
      MEMCTX_ROLES: 'api,projector,worker', MEMCTX_EMBEDDINGS: 'on', MEMCTX_DATABASE_URL: database.url,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`, OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    try {
      const key = await createApiKey(memctx.url, 'tracing-example');
      const { stdout } = await example('examples/tracing.ts', { MEMCTX_URL: memctx.url, MEMCTX_API_KEY: key, OTLP_PORT: String(otlpPort), TRACE_QUIET_MS: '1500' });
      console.log(stdout);
      expect(stdout).toMatch(/^ {2}HTTP POST \/api\/v1\/memory\/ingest .*\n {4}command IngestRound .*\n {6}command load .*\n {6}command decide .*\n {6}command append /m);
      expect(stdout).toMatch(/^ {2}HTTP POST \/api\/v1\/sip\/build .*\n {4}sip build .*\n {6}sip \w+ /m);
      expect(stdout).toMatch(/group commit .*\(links to command append\)/);
      expect(stdout).toMatch(/projection memory_records batch .*\(links to command IngestRound\)/);
      expect(stdout).toMatch(/embedding filler batch .*\(filled feed position \d+\)/);
    } finally {
      await killAndWait(memctx.child, 'SIGTERM');
      await database.drop();
    }
  }, 180_000);

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
