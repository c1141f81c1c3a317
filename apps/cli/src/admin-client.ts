import { CliError, EXIT, usageError, type CliIo } from './io.js';

export const DEFAULT_URL = 'http://127.0.0.1:8080';

/** What a key may do (`read`, `write`, `sip`) and the one project it is limited to (null: every project). */
export interface KeyAccess {
  scopes: string[];
  project_id: string | null;
}

export interface CreatedKey extends KeyAccess {
  id: string;
  user_id: string;
  api_key: string;
  created_at: string;
}

export interface KeySummary extends KeyAccess {
  id: string;
  user_id: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}

export interface AdminClient {
  readonly baseUrl: string;
  /** Without `access`, the server's default: every scope, every project. */
  createKey(userId: string, access?: Partial<KeyAccess>): Promise<CreatedKey>;
  listKeys(userId?: string): Promise<KeySummary[]>;
  revokeKey(id: string): Promise<void>;
}

const detailOf = (body: unknown): string | undefined => {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' ? detail : detail === undefined ? undefined : JSON.stringify(detail);
};

/** A client for /admin/v1 configured from MEMCTX_URL and MEMCTX_ADMIN_TOKEN. */
export function adminClientFromEnv(io: CliIo): AdminClient {
  const token = io.env.MEMCTX_ADMIN_TOKEN;
  if (!token) throw usageError('MEMCTX_ADMIN_TOKEN is not set: export the admin token the server was started with');
  return createAdminClient({ baseUrl: serverUrlFromEnv(io), token, fetch: io.fetch });
}

/** MEMCTX_URL without trailing slashes, or the local default; a malformed one is a usage error. */
export function serverUrlFromEnv(io: CliIo): string {
  const baseUrl = (io.env.MEMCTX_URL || DEFAULT_URL).replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    throw usageError(`MEMCTX_URL is not a URL: ${baseUrl}`);
  }
  return baseUrl;
}

export function createAdminClient(options: { baseUrl: string; token: string; fetch: typeof fetch }): AdminClient {
  const { baseUrl } = options;

  async function request(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await options.fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${options.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new CliError(`cannot reach ${baseUrl} (${reason}); is the server running, and is MEMCTX_URL right?`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    if (response.ok) return { status: response.status, body: parsed };

    const detail = detailOf(parsed);
    if (response.status === 401) throw new CliError(`the server rejected the admin token (${detail ?? 'unauthorized'})`, EXIT.unauthorized);
    // The server answers every /admin path with a bare "Not Found" when it has no admin token.
    if (response.status === 404 && detail === 'Not Found') {
      throw new CliError(`the admin API is disabled on ${baseUrl}: start the server with MEMCTX_ADMIN_TOKEN set`);
    }
    throw new CliError(`${method} ${path} failed with ${response.status}${detail ? `: ${detail}` : ''}`);
  }

  return {
    baseUrl,
    async createKey(userId, access = {}) {
      return (await request('POST', '/admin/v1/api-keys', { user_id: userId, ...access })).body as CreatedKey;
    },
    async listKeys(userId) {
      const query = userId === undefined ? '' : `?user_id=${encodeURIComponent(userId)}`;
      return ((await request('GET', `/admin/v1/api-keys${query}`)).body as { keys: KeySummary[] }).keys;
    },
    async revokeKey(id) {
      await request('DELETE', `/admin/v1/api-keys/${encodeURIComponent(id)}`);
    },
  };
}
