/**
 * The real service of test/e2e/server.ts for the adapter packages' tests (packages/ai-sdk, packages/langchain). It is
 * loaded by a path TypeScript does not follow: a package's program that typed the whole API through server.ts would
 * cost the type-aware lint ~260 MB per package. Only what those tests use is typed here.
 */
// Black-box tests read whatever JSON the server sends; assertions check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface ServiceUser {
  userId: string;
  key: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Json; headers: Headers }>;
}

export interface Service {
  url: string;
  newUser(prefix?: string): Promise<ServiceUser>;
  stop(): Promise<void>;
}

const SERVER = './server.js';

export async function startService(env: Record<string, string> = {}): Promise<Service> {
  const { startTestServer } = (await import(SERVER)) as { startTestServer(env: Record<string, string>): Promise<Service> };
  return startTestServer(env);
}
