import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { loadConfig, createLogger } from '@memctx/shared';
import { createApp, createInMemoryApiKeyStore, type AppDeps } from '../src/index.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface RunningApp {
  url: string;
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Starts the app on a free port with real HTTP; logs are captured instead of printed. */
export async function startApp(overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}): Promise<RunningApp> {
  const { env = {}, ...deps } = overrides;
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({ MEMCTX_BODY_LIMIT: '1kb', MEMCTX_LOG_LEVEL: 'info', ...env });
  const app = createApp({ config, logger: createLogger(config, sink), keyStore: createInMemoryApiKeyStore(), ...deps });
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    logs,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface CallResult {
  status: number;
  headers: Headers;
  // Tests read whatever JSON came back; their assertions are the type check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function call(url: string, init: RequestInit & { json?: unknown } = {}): Promise<CallResult> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(url, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
