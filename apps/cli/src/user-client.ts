import { createMemctxClient, type MemctxClient } from '@memctx/client';
import { serverUrlFromEnv } from './admin-client.js';
import { usageError, type CliIo } from './io.js';

/** The typed API client for the user whose key is MEMCTX_API_KEY, at MEMCTX_URL. */
export function userClientFromEnv(io: CliIo): MemctxClient {
  const apiKey = io.env.MEMCTX_API_KEY;
  if (!apiKey) throw usageError('MEMCTX_API_KEY is not set: export a user API key (memctx keys create --user <id>)');
  return createMemctxClient({ baseUrl: serverUrlFromEnv(io), apiKey, fetch: io.fetch });
}
