import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { NODE_FLAGS, type Service } from '../lib/processes.js';

const SERVER = resolve(import.meta.dirname, 'reference-server.ts');

/** Starts reference-server.ts (`insert` or `bare`) in its own Node process and resolves once it listens. */
export async function startReference(mode: 'insert' | 'bare', port: string, databaseUrl: string): Promise<Service> {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', SERVER], {
    env: { ...process.env, REFERENCE_MODE: mode, PORT: port, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`reference server (${mode}) exited with ${code}`)));
    child.stdout.once('data', () => ready());
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
