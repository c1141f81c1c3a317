import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

/** What the fault tests' own services (redis-server, a Kafka broker) share: waiting for a port, and for an exit. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Resolves once 127.0.0.1:`port` accepts connections; rejects when `child` exits first or time runs out. */
export async function untilAccepting(port: number, child: ChildProcess, timeoutMs: number, what: string): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await accepts(port)); await new Promise((r) => setTimeout(r, 50))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${what} did not start on port ${port}`);
  }
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
