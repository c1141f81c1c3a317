import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { mediaType } from './mime.js';
import { DocumentRefused, UpstreamError, type Connector } from './types.js';

export interface WebOptions {
  /** MEMCTX_WEB_CONNECTOR_ALLOW_PRIVATE=1: loopback, private and link-local addresses are allowed (tests, intranets). */
  allowPrivate?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

// Addresses a server-side fetch must not reach unless allowed: loopback, private, link-local, CGNAT, unspecified, multicast, documentation.
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
}
// IPv4-mapped IPv6 (::ffff:a.b.c.d) is checked as the IPv4 address it carries (see below): a ::ffff:0:0/96
// rule would make BlockList match every IPv4 address.
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');
}

export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isForbiddenAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 6 ? 'ipv6' : 'ipv4');
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
 * resolved first and refused when any address is loopback, private or link-local,
 * and the connection goes to the address that was checked, so DNS cannot swap it
 * afterwards. Bodies are capped in size and time.
 */
export function webConnector(options: WebOptions = {}): Connector<z.infer<typeof Credentials>> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;

  async function checkedAddress(url: URL): Promise<{ address: string; family: number }> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: { address: string; family: number }[];
    try {
      addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
    } catch {
      throw new DocumentRefused(`cannot resolve ${host}`, 400);
    }
    if (addresses.length === 0) throw new DocumentRefused(`cannot resolve ${host}`, 400);
    if (!options.allowPrivate && addresses.some((a) => isForbiddenAddress(a.address))) {
      throw new DocumentRefused(`${host} is a loopback, private or link-local address`, 403);
    }
    return addresses[0]!;
  }

  function get(url: URL, target: { address: string; family: number }, deadline: number): Promise<{ status: number; location?: string; type: string; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.get(url, {
        headers: { 'user-agent': 'memctx-web-connector/0.1', accept: 'text/html,text/plain,text/markdown,application/pdf,*/*;q=0.5' },
        lookup: (_host, _opts, callback) => callback(null, target.address, target.family),
        timeout: Math.max(1, deadline - Date.now()),
      });
      request.on('timeout', () => request.destroy(new UpstreamError(`no answer from ${url.host} within ${timeoutMs} ms`)));
      request.on('error', (error) => reject(error instanceof UpstreamError || error instanceof DocumentRefused ? error : new UpstreamError(`fetching ${url.host} failed: ${error.message}`)));
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location, type: '', body: Buffer.alloc(0) });
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
        response.on('end', () => resolve({ status, type: mediaType(response.headers['content-type']), body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
    });
  }

  async function fetchUrl(start: URL) {
    const deadline = Date.now() + timeoutMs;
    let url = start;
    for (let hop = 0; ; hop++) {
      const target = await checkedAddress(url);
      const answer = await get(url, target, deadline);
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
      await checkedAddress(parseUrl(externalId));
    },
    async fetch(_credentials, externalId) {
      const fetched = await fetchUrl(parseUrl(externalId));
      return { ...documentOf(fetched.url, fetched.type || 'text/html'), external_id: externalId, content: fetched.body };
    },
  };
}
