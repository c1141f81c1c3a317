import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { startMemctxProcess } from '../e2e/processes.js';

export const ADMIN_TOKEN = 'fault-tests-admin-token-0123456789';

export const freePort = () =>
  new Promise<number>((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface RoleProcess {
  child: ChildProcess;
  /** Where the API listens, or the process's /health and /metrics without the api role. */
  url: string;
  /** Set once the process exited: a fault test asserts it never does by itself. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Its last log lines, when started with a log level to keep (empty otherwise): printed when a wait on it fails. */
  recentLog(): string;
}

// Enough of a role's log to show what it did over the last retries before a wait on it gave up.
const KEPT_LOG_LINES = 200;

/**
 * One memctx role as its own process, from source, on the given database; resolves once it answers
 * /health with 200. Logs only fatal lines (an outage makes every request log one), unless `keepLog` names a level
 * whose lines are then kept in memory, the last KEPT_LOG_LINES of them, for `recentLog`.
 */
export async function startRole(
  role: 'api' | 'projector' | 'worker' | 'relay',
  env: Record<string, string>,
  options: { keepLog?: 'error' | 'warn' | 'info' } = {},
): Promise<RoleProcess> {
  const port = await freePort();
  const child = startMemctxProcess(
    {
      MEMCTX_ROLES: role, HOST: '127.0.0.1', PORT: String(port), MEMCTX_METRICS_PORT: String(port), MEMCTX_ADMIN_TOKEN: ADMIN_TOKEN,
      MEMCTX_EMBEDDINGS: 'off', MEMCTX_LOG_LEVEL: 'fatal', MEMCTX_DAILY_INGEST_QUOTA: '100000000', ...env,
      ...(options.keepLog ? { MEMCTX_LOG_LEVEL: options.keepLog } : {}),
    },
    { log: options.keepLog !== undefined },
  );
  const lines: string[] = [];
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (lines.length > KEPT_LOG_LINES) lines.shift();
    });
  }
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const url = `http://127.0.0.1:${port}`;
  const health = role === 'api' ? `${url}/api/v1/health` : `${url}/health`;
  for (const deadline = Date.now() + 90_000; ; await new Promise((r) => setTimeout(r, 250))) {
    if ((await fetch(health).catch(() => undefined))?.status === 200) break;
    if (exited || Date.now() > deadline) {
      // Not left running behind a test that failed to start it.
      child.kill('SIGKILL');
      throw new Error(`the ${role} process did not become healthy (exit: ${JSON.stringify(exited)})`);
    }
  }
  return { child, url, exit: () => exited, recentLog: () => lines.join('\n') };
}

export async function createApiKey(apiUrl: string, userId: string): Promise<string> {
  const response = await fetch(`${apiUrl}/admin/v1/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId }),
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`creating an API key: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { api_key: string }).api_key;
}
