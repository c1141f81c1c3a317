import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../../..');
export const API_MAIN = resolve(repo, 'apps/api/dist/main.js');

/** V8 flags memctx runs with (the Dockerfile's NODE_OPTIONS, `pnpm start`): benchmarks give them to every server they start. */
export const NODE_FLAGS = ['--max-semi-space-size=64'];

/** Benchmarks measure the compiled service, as operators run it. */
export function requireBuild(): void {
  if (!existsSync(API_MAIN)) throw new Error('apps/api/dist is missing: run `pnpm build` first');
}

export interface Service {
  child: ChildProcess;
  url?: string;
  stop(): Promise<void>;
}

/** Starts `node apps/api/dist/main.js` with the given roles; resolves once it answers (API) or has started (others). */
export async function startService(env: Record<string, string>, nodeArgs: string[] = []): Promise<Service> {
  const child = spawn(process.execPath, [...NODE_FLAGS, ...nodeArgs, API_MAIN], {
    env: { ...process.env, MEMCTX_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  const port = env.PORT;
  if (!port || !(env.MEMCTX_ROLES ?? 'api').includes('api')) {
    await new Promise((r) => setTimeout(r, 1500));
    return { child, stop };
  }
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).status < 600) return { child, url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('service did not start within 30 s');
}
