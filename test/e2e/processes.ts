import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { Db } from '@memctx/db';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A memctx process run from source, as an operator runs `MEMCTX_ROLES=… pnpm start`; stderr is passed through.
 * With `log`, its log lines (stdout) are piped for the caller to read instead of dropped.
 */
export function startMemctxProcess(env: Record<string, string>, options: { log?: boolean } = {}): ChildProcess {
  return spawn(process.execPath, ['--conditions=@memctx/source', '--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, MEMCTX_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', options.log ? 'pipe' : 'ignore', 'inherit'],
  });
}

export async function killAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

const SNAPSHOT_ORDER: Record<string, string> = {
  projects: 'user_id, project_id', project_sessions: 'user_id, session_id', sessions: 'user_id, session_id',
  session_messages: 'user_id, session_id, seq', memory_records: 'user_id, record_id', activity_items: 'user_id, global_position',
};

/** The projected read models, row for row, in a stable order: what "equal read models" compares. */
export async function snapshotReadModels(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, by] of Object.entries(SNAPSHOT_ORDER)) out[table] = (await db.query(`SELECT * FROM ${table} ORDER BY ${by}`)).rows;
  return out;
}

export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
