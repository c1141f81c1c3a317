import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { settingDefault } from '@memctx/shared';
import { z } from 'zod';
import { isForbiddenAddress } from './addresses.js';
import { charsetOf, decodeBytes, isTextType } from './charset.js';
import { mediaType } from './mime.js';
import { pinnedLookup } from './pinned-lookup.js';
import { DocumentOverLimit, DocumentRefused, UpstreamError, type Connector } from './types.js';

export interface WebOptions {
  /** MEMCTX_WEB_CONNECTOR_ALLOW_PRIVATE=1: any address is allowed (tests, intranets). */
  allowPrivate?: boolean;
  /**
   * MEMCTX_WEB_CONNECTOR_ALLOW_HOSTS: host names trusted to resolve to private addresses (an intranet wiki)
   * while every other name and every IP literal stays checked, redirect hops included.
   */
  allowHosts?: readonly string[];
  /** The whole fetch: every hop's resolution, headers and body (MEMCTX_WEB_CONNECTOR_TIMEOUT_MS). */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Name to addresses; the system resolver (as the OS resolves, /etc/hosts included) unless given. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

const systemResolve = (hostname: string) => lookup(hostname, { all: true, verbatim: true });

/** Settles with the promise, or rejects when the signal fires first. */
function beforeAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

const Credentials = z.object({}).strict();

function parseUrl(externalId: string): URL {
  let url: URL;
  try {
    url = new URL(externalId);
  } catch {
    throw new DocumentRefused('external_id must be an http(s) URL', 400);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DocumentRefused('external_id must be an http(s) URL', 400);
  if (url.username || url.password) throw new DocumentRefused('URLs with credentials are not fetched', 400);
  return url;
}

/**
 * Web pages by URL. Every hop (redirects included, at most `maxRedirects`) is
 * resolved first and refused when any address it resolves to is not global
 * unicast (see addresses.ts), and the connection may only use the addresses
 * that were checked, so DNS cannot swap them afterwards. Bodies are capped in
 * size, and the whole fetch in time.
 */
export function webConnector(options: WebOptions = {}): Connector<z.infer<typeof Credentials>> {
  const timeoutMs = options.timeoutMs ?? settingDefault('webConnectorTimeoutMs');
  const maxBytes = options.maxBytes ?? settingDefault('documentMaxBytes');
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve = options.resolve ?? systemResolve;
  const trustedHosts = new Set((options.allowHosts ?? []).map((h) => h.toLowerCase()));

  async function checkedAddresses(url: URL, signal: AbortSignal): Promise<LookupAddress[]> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: LookupAddress[];
    try {
      const resolving = isIP(host) ? Promise.resolve([{ address: host, family: isIP(host) }]) : resolve(host);
      addresses = await beforeAbort(resolving, signal);
    } catch (error) {
      if (error instanceof DocumentOverLimit) throw error;
      throw new DocumentRefused(`cannot resolve ${host}`, 400);
    }
    if (addresses.length === 0) throw new DocumentRefused(`cannot resolve ${host}`, 400);
    const trusted = options.allowPrivate || (!isIP(host) && trustedHosts.has(host.toLowerCase()));
    const forbidden = trusted ? undefined : addresses.find((a) => isForbiddenAddress(a.address));
    if (forbidden) throw new DocumentRefused(`${host} resolves to ${forbidden.address}, which is not a public address`, 403);
    return addresses;
  }

  function get(url: URL, addresses: LookupAddress[], signal: AbortSignal): Promise<{ status: number; location?: string; type: string; charset?: string; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.get(url, {
        headers: { 'user-agent': 'memctx-web-connector/0.1', accept: 'text/html,text/plain,text/markdown,application/pdf,*/*;q=0.5' },
        lookup: pinnedLookup(addresses),
        // No pooled sockets: a kept-alive socket would skip this request's lookup, and so its pinning.
        agent: false,
      });
      const abort = () => request.destroy(signal.reason as Error);
      if (signal.aborted) abort();
      signal.addEventListener('abort', abort, { once: true });
      const settle = <T>(f: (value: T) => void) => (value: T) => {
        signal.removeEventListener('abort', abort);
        f(value);
      };
      const fail = settle((error: Error) =>
        reject(error instanceof UpstreamError || error instanceof DocumentRefused || error instanceof DocumentOverLimit ? error : new UpstreamError(`fetching ${url.host} failed: ${error.message}`)));
      const done = settle(resolve);
      request.on('error', fail);
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          done({ status, location: response.headers.location, type: '', body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          request.destroy(new DocumentRefused(`the document is larger than ${maxBytes} bytes`, 413));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) request.destroy(new DocumentRefused(`the document is larger than ${maxBytes} bytes`, 413));
          else chunks.push(chunk);
        });
        const contentType = response.headers['content-type'];
        response.on('end', () => done({ status, type: mediaType(contentType), charset: charsetOf(contentType), body: Buffer.concat(chunks) }));
        response.on('error', fail);
      });
    });
  }

  async function fetchUrl(start: URL) {
    // One deadline for the whole fetch: a server that sends a byte now and then must not hold a worker.
    const expired = new AbortController();
    const timer = setTimeout(() => expired.abort(new DocumentOverLimit(`${start} did not arrive within ${timeoutMs} ms (redirects, headers and body)`)), timeoutMs);
    try {
      let url = start;
      for (let hop = 0; ; hop++) {
        const answer = await get(url, await checkedAddresses(url, expired.signal), expired.signal);
        if (answer.location !== undefined) {
          if (hop >= maxRedirects) throw new DocumentRefused(`more than ${maxRedirects} redirects`, 400);
          url = parseUrl(new URL(answer.location, url).toString());
          continue;
        }
        if (answer.status === 404 || answer.status === 410) throw new DocumentRefused(`${url} answered ${answer.status}`, 404);
        if (answer.status >= 400 && answer.status < 500) throw new DocumentRefused(`${url} answered ${answer.status}`, 400);
        if (answer.status >= 500 || answer.status < 200) throw new UpstreamError(`${url} answered ${answer.status}`);
        return { url, ...answer };
      }
    } finally {
      clearTimeout(timer);
    }
  }

  const documentOf = (url: URL, mime: string) => ({
    external_id: url.toString(),
    title: url.hostname + (url.pathname === '/' ? '' : url.pathname),
    mime_type: mime,
    source_url: url.toString(),
    metadata: { host: url.host },
  });

  return {
    type: 'web',
    displayName: 'Web page',
    credentialFields: [],
    credentials: Credentials,
    // The web has no listing: a query that is a URL lists that one page, anything else lists nothing.
    async list(_credentials, query) {
      if (!query) return [];
      try {
        return [documentOf(parseUrl(query.trim()), 'text/html')];
      } catch {
        return [];
      }
    },
    async check(_credentials, externalId) {
      await checkedAddresses(parseUrl(externalId), AbortSignal.timeout(timeoutMs));
    },
    async fetch(_credentials, externalId) {
      const fetched = await fetchUrl(parseUrl(externalId));
      const type = fetched.type || 'text/html';
      // Text leaves as UTF-8, decoded in the charset the server declared (or detected when it declared none), as the parsers read UTF-8.
      const content = isTextType(type) ? Buffer.from(decodeBytes(fetched.body, fetched.charset).text) : fetched.body;
      return { ...documentOf(fetched.url, type), external_id: externalId, content };
    },
  };
}
