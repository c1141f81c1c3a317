import type { Schemas } from '@memctx/client';

export type { Schemas };

/** The API key lives in this tab's memory only: never in storage, a cookie or the URL. */
export const session = { key: '' };

/** GET on the API with the key entered; a failure throws its status and `detail`. */
export async function api<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { authorization: `Bearer ${session.key}` } });
  const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
  if (!response.ok) throw new Error(`${response.status}: ${typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail)}`);
  return body as T;
}

