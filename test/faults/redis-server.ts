import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './roles.js';
import { exited, untilAccepting } from './service-process.js';

/**
 * A redis-server of the test's own on a free port, so the test may stop it without touching the machine's.
 * It keeps an append-only file flushed every write: stopped with SIGTERM it comes back with its data (a
 * restart); with `lose` it is killed and its files removed, so it comes back empty (a Redis without
 * persistence, or a failover to an empty replica).
 */
export interface OwnRedis {
  url: string;
  stop(how: 'restart' | 'lose'): Promise<void>;
  /** Resolves once it accepts connections. */
  start(): Promise<void>;
  remove(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'memctx-faults-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'], {
      stdio: 'ignore',
    });
    await untilAccepting(port, child, 10_000, 'redis-server');
  };
  const stop = async (how: 'restart' | 'lose') => {
    if (!child) return;
    child.kill(how === 'lose' ? 'SIGKILL' : 'SIGTERM');
    await exited(child);
    if (how === 'lose') rmSync(join(dir, 'appendonlydir'), { recursive: true, force: true });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async remove() {
      await stop('lose');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
