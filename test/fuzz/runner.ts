import fc from 'fast-check';
import { operationsOf, type OpenApiDocument } from './openapi.js';
import { requestArbitrary, type AuthVariant, type FuzzRequest } from './requests.js';
import type { Pools } from './values.js';

export interface FuzzTarget {
  url: string;
  /** A user key, another user's key, and the operator token. */
  keys: { user: string; otherUser: string; admin: string };
  pools: Pools;
}

export interface FuzzSummary {
  requests: number;
  byStatus: Record<number, number>;
  serverErrors: number;
  operations: number;
}

/** Statuses any route may answer besides what it documents: undecodable body or bad header, unknown path, body or URL too large. */
const ANY_ROUTE = new Set([400, 404, 405, 413, 431]);

/** Percent-encodes every UTF-16 code point, lone surrogates too (as WTF-8), so hostile text reaches the server byte for byte. */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const char of text) {
    if (/^[A-Za-z0-9\-._~]$/.test(char)) {
      encoded += char;
      continue;
    }
    const cp = char.codePointAt(0)!;
    const bytes =
      cp < 0x80 ? [cp]
        : cp < 0x800 ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000 ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return encoded;
}

function authHeaders(variant: AuthVariant, request: FuzzRequest, keys: FuzzTarget['keys']): string[] {
  const own = request.operation.security === 'adminToken' ? keys.admin : keys.user;
  switch (variant) {
    case 'valid': return request.operation.security === 'none' ? [] : [`Bearer ${own}`];
    case 'none': return [];
    case 'empty-bearer': return ['Bearer '];
    case 'unknown-key': return ['Bearer mcx_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'];
    case 'basic': return ['Basic dXNlcjpwYXNz'];
    case 'lowercase-scheme': return [`bearer ${own}`];
    case 'duplicate': return [`Bearer ${own}`, 'Bearer mcx_other'];
    case 'other-user': return [`Bearer ${keys.otherUser}`];
  }
}

function toFetch(request: FuzzRequest, target: FuzzTarget): { url: string; init: RequestInit } {
  const path = request.operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => percentEncode(request.path[name] ?? ''));
  const query = request.query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  const headers = new Headers();
  for (const value of authHeaders(request.auth, request, target.keys)) headers.append('authorization', value);
  for (const [name, value] of Object.entries(request.headers)) for (const one of [value].flat()) headers.append(name, one);
  // fetch cannot send a GET body.
  const body = request.operation.method === 'GET' ? undefined : request.body;
  if (body) {
    for (const type of [body.contentType ?? 'application/json'].flat()) if (type) headers.append('content-type', type);
  }
  return {
    url: `${target.url}${path}${query ? `?${query}` : ''}`,
    // Bytes, so fetch adds no content type of its own.
    init: { method: request.operation.method, headers, body: body ? new TextEncoder().encode(body.text) : undefined },
  };
}

// Black-box: whatever JSON came back is inspected field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** What is wrong with an answer, or undefined: no 5xx, every 4xx documented and in its shape. */
export function problemWith(request: FuzzRequest, status: number, body: Json, challenge: string | null): string | undefined {
  if (status >= 500) return `server error ${status}`;
  if (status < 400) return undefined;
  if (!request.operation.statuses.has(status) && !ANY_ROUTE.has(status)) return `undocumented status ${status}`;
  if (status === 422) {
    if (!Array.isArray(body?.detail) || body.detail.length === 0) return '422 without a detail array';
    const bad = body.detail.find(
      (item: Json) => !Array.isArray(item?.loc) || !item.loc.every((part: unknown) => typeof part === 'string' || typeof part === 'number')
        || typeof item.msg !== 'string' || typeof item.type !== 'string',
    );
    return bad ? `422 item not {loc, msg, type}: ${JSON.stringify(bad).slice(0, 200)}` : undefined;
  }
  if (typeof body?.detail !== 'string') return `${status} without a string detail`;
  if (status === 401 && challenge !== 'Bearer') return '401 without WWW-Authenticate: Bearer';
  return undefined;
}

/** A request that takes longer hangs: that is a failure too. */
const REQUEST_TIMEOUT_MS = 30_000;

const preview = (text: string | undefined) => (text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);

/**
 * Sends `requests` fuzzed requests derived from the document, `concurrency` at a
 * time (one fast-check run is one such batch, so a failure shrinks to a small batch),
 * and throws on the first answer with a problem.
 */
export async function fuzz(doc: OpenApiDocument, target: FuzzTarget, options: { requests: number; concurrency: number; seed?: number }): Promise<FuzzSummary> {
  const operations = operationsOf(doc);
  const summary: FuzzSummary = { requests: 0, byStatus: {}, serverErrors: 0, operations: operations.length };
  const batch = fc.array(requestArbitrary(operations, target.pools), { minLength: options.concurrency, maxLength: options.concurrency });
  const property = fc.asyncProperty(batch, async (requests) => {
    const answers = await Promise.all(
      requests.map(async (request) => {
        const { url, init } = toFetch(request, target);
        const sent = Date.now();
        const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const text = await response.text();
        if (process.env.MEMCTX_FUZZ_DEBUG && Date.now() - sent > 1_000) {
          console.log(`slow ${Date.now() - sent} ms: ${request.operation.operationId} ${response.status} ${preview(request.body?.text)?.slice(0, 120)}`);
        }
        let body: Json;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        summary.requests++;
        summary.byStatus[response.status] = (summary.byStatus[response.status] ?? 0) + 1;
        if (response.status >= 500) summary.serverErrors++;
        return { request, status: response.status, text, problem: problemWith(request, response.status, body, response.headers.get('www-authenticate')) };
      }),
    );
    const failed = answers.find((answer) => answer.problem);
    if (failed) {
      const { request } = failed;
      throw new Error(
        `${failed.problem}: ${request.operation.method} ${request.operation.path} path=${JSON.stringify(request.path)} query=${JSON.stringify(request.query)} ` +
          `auth=${request.auth} headers=${JSON.stringify(request.headers)} body=${JSON.stringify(preview(request.body?.text))} → ${failed.status} ${preview(failed.text)}`,
      );
    }
  });
  // No shrinking: the error names the whole failing request, and shrinking a slow HTTP property could outlast the test.
  const settings = { numRuns: Math.ceil(options.requests / options.concurrency), endOnFailure: true };
  await fc.assert(property, options.seed === undefined ? settings : { ...settings, seed: options.seed });
  return summary;
}
