import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The compiled entry point, as the Dockerfile runs it: what an operator sees when start-up is refused.
const MAIN = resolve(import.meta.dirname, '../dist/main.js');
const RELAY_MAIN = resolve(import.meta.dirname, '../../relay/dist/main.js');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runMain(env: Record<string, string>, timeoutMs = 20_000, main = MAIN): Promise<Exit> {
  expect(existsSync(main), `${main} is missing: run \`pnpm build\` first`).toBe(true);
  const started = Date.now();
  // Only what the test gives: no MEMCTX_* of the caller's shell leaks in.
  const child = spawn(process.execPath, [main], { env: { PATH: process.env.PATH ?? '', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveExit, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.js still running after ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      // Let the pipes drain.
      setImmediate(() => resolveExit({ code, stdout, stderr, ms: Date.now() - started }));
    });
  });
}

describe('start-up of the compiled service', () => {
  it('stops with one line and exit code 2 when KurrentDB cannot be reached', async () => {
    const url = 'esdb://127.0.0.1:1?tls=false';
    const exit = await runMain({
      MEMCTX_EVENT_STORE: 'kurrentdb',
      KURRENTDB_URL: url,
      // Never contacted: KurrentDB is checked first.
      MEMCTX_DATABASE_URL: 'postgres://memctx@127.0.0.1:5432/memctx_never_opened',
      MEMCTX_EMBEDDINGS: 'off',
    });
    expect(exit.code).toBe(2);
    const lines = exit.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`memctx: cannot reach KurrentDB at ${url}: connect ECONNREFUSED 127.0.0.1:1 (UnavailableError)`);
    expect(exit.ms).toBeLessThan(10_000);
  });

  it('refuses KurrentDB without a PostgreSQL server, with exit code 2', async () => {
    const exit = await runMain({ MEMCTX_EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://127.0.0.1:1?tls=false' });
    expect(exit.code).toBe(2);
    expect(exit.stderr).toMatch(/^memctx: invalid configuration\nMEMCTX_EVENT_STORE: kurrentdb needs a PostgreSQL server/);
  });

  it('refuses an unknown event store, with exit code 2', async () => {
    const exit = await runMain({ MEMCTX_EVENT_STORE: 'mongodb', MEMCTX_DATABASE_URL: 'postgres://h/db' });
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('MEMCTX_EVENT_STORE: must be one of postgres, kurrentdb (got "mongodb")');
  });

  it('warns about an unknown MEMCTX_ variable before anything else it logs', async () => {
    // A bad KurrentDB address ends the run quickly after the warning was logged.
    const exit = await runMain({
      MEMCTX_EMBED_FULL_EXCHANGE: 'on',
      MEMCTX_EVENT_STORE: 'kurrentdb',
      KURRENTDB_URL: 'esdb://127.0.0.1:1?tls=false',
      MEMCTX_DATABASE_URL: 'postgres://memctx@127.0.0.1:5432/memctx_never_opened',
    });
    expect(exit.code).toBe(2);
    const first = JSON.parse(exit.stdout.split('\n')[0] ?? '{}') as { level?: number; msg?: string };
    expect(first.msg).toBe('MEMCTX_EMBED_FULL_EXCHANGE is not a memctx setting (did you mean MEMCTX_EMBED_REPLIES?)');
    expect(first.level).toBe(40);
  });

  it('runs a role app as that role whatever MEMCTX_ROLES says: the relay needs Kafka', async () => {
    const exit = await runMain({ MEMCTX_ROLES: 'api', MEMCTX_DATABASE_URL: 'postgres://memctx@127.0.0.1:5432/memctx_never_opened' }, 20_000, RELAY_MAIN);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toBe('memctx: invalid configuration\nMEMCTX_KAFKA_BROKERS: required because MEMCTX_ROLES includes relay (got undefined)\n');
  });
});
