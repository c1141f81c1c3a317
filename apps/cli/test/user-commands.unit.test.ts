import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      env,
      stdout: (t: string) => void out.push(t),
      stderr: (t: string) => void err.push(t),
      fetch: () => Promise.reject(new Error('no request may be sent')),
    },
  };
}

describe('the user commands (mcp, import)', () => {
  it('refuse to start without MEMCTX_API_KEY, sending nothing', async () => {
    for (const argv of [['mcp'], ['import', 'x.jsonl']]) {
      const run = io({ MEMCTX_URL: 'http://127.0.0.1:1' });
      expect(await runCli(argv, run.io)).toBe(2);
      expect(run.err.join('')).toContain('MEMCTX_API_KEY is not set');
    }
  });

  it('refuse a malformed MEMCTX_URL and stray arguments', async () => {
    const bad = io({ MEMCTX_URL: 'not a url', MEMCTX_API_KEY: 'mcx_x' });
    expect(await runCli(['mcp'], bad.io)).toBe(2);
    expect(bad.err.join('')).toContain('MEMCTX_URL is not a URL');
    const stray = io({ MEMCTX_API_KEY: 'mcx_x' });
    expect(await runCli(['mcp', 'extra'], stray.io)).toBe(2);
    expect(await runCli(['import'], stray.io)).toBe(2);
  });

  it('import reports a file that is missing or not an export', async () => {
    const missing = io({ MEMCTX_API_KEY: 'mcx_x' });
    expect(await runCli(['import', '/nonexistent/export.jsonl'], missing.io)).toBe(2);
    expect(missing.err.join('')).toContain('cannot read /nonexistent/export.jsonl');
  });

  it('list both in the overview', async () => {
    const run = io();
    expect(await runCli(['--help'], run.io)).toBe(0);
    expect(run.out.join('')).toMatch(/mcp\s+serve the MCP tools over stdio/);
    expect(run.out.join('')).toMatch(/import\s+restore an export file/);
  });
});
