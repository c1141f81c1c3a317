import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentOverLimit, DocumentRefused, isForbiddenAddress, isPermanent, pinnedLookup, webConnector } from '../src/index.js';

const JAPANESE = '昨日、私たちは東京の美術館に行きました。展示はとても興味深く、特に古い絵画が印象的でした。'.repeat(3);
// Bytes that are no text in any charset: a binary type must arrive exactly as sent.
const PDF_BYTES = Buffer.from([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe, 0x00, 0xe9, 0x82, 0xa0]);

describe('web connector', () => {
  let server: Server;
  let base: string;
  let port: number;
  const seen: string[] = [];
  let dribbleClosedAt = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/page') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end('<html><head><title>Local</title></head><body><p>served locally</p></body></html>');
      } else if (req.url?.startsWith('/hop/')) {
        const n = Number(req.url.slice(5));
        res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/page' }).end();
      } else if (req.url === '/latin1') {
        res.setHeader('content-type', 'text/html; charset=ISO-8859-1');
        res.end(iconv.encode('<html><body><p>Crème brûlée à la façon de grand-mère</p></body></html>', 'latin1'));
      } else if (req.url === '/sjis') {
        // No charset declared: the connector detects it.
        res.setHeader('content-type', 'text/plain');
        res.end(iconv.encode(JAPANESE, 'Shift_JIS'));
      } else if (req.url === '/pdf') {
        res.setHeader('content-type', 'application/pdf');
        res.end(PDF_BYTES);
      } else if (req.url === '/big') {
        res.setHeader('content-type', 'text/plain');
        res.end('x'.repeat(5000));
      } else if (req.url === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      } else if (req.url === '/to-loopback') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/page` }).end();
      } else if (req.url === '/to-private') {
        res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
      } else if (req.url === '/dribble') {
        // A byte a second, for ever: only a whole-fetch deadline ends it.
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('x'), 1000);
        res.on('close', () => {
          clearInterval(timer);
          dribbleClosedAt = Date.now();
        });
      } else if (req.url === '/silent') {
        // Headers never come.
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('allows only global unicast, judging IPv6 forms that carry an IPv4 address by that address', () => {
    const forbidden = [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '255.255.255.255',
      '100.64.0.1', '100.127.255.254', // CGNAT
      '192.0.2.10', '198.51.100.7', '203.0.113.200', // documentation
      '224.0.0.251', '239.1.2.3', '240.0.0.1', '198.18.0.1', '192.0.0.8', // multicast, reserved, benchmarking, IETF
      '::', '::1', 'fe80::1', 'fd00::1', 'fc00::1', 'ff02::1', 'fec0::1', '2001:db8::1', '100::1',
      '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1', '::ffff:0:a9fe:a9fe', '::7f00:1', '::8.8.8.8', // mapped, translated, compatible
      '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::c000:20a', // NAT64 of loopback, metadata, documentation
      '64:ff9b:1:7f00:0:100::', '64:ff9b:1::7f00:1', // local-use NAT64, /48 and /96 placements of 127.0.0.1
      '2002:7f00:1::', '2002:a00:1::1', '2002:a9fe:a9fe::', // 6to4 of loopback, private, link-local
      'not-an-address', '',
    ];
    for (const a of forbidden) expect(isForbiddenAddress(a), a).toBe(true);
    const allowed = ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];
    for (const a of allowed) expect(isForbiddenAddress(a), a).toBe(false);
  });

  it('pins lookups to the checked addresses in both forms Node asks in', () => {
    const checked: LookupAddress[] = [{ address: '::1', family: 6 }, { address: '127.0.0.1', family: 4 }];
    const lookup = pinnedLookup(checked);
    const answers: unknown[][] = [];
    lookup('example.test', { all: true }, (...args) => answers.push(args));
    lookup('example.test', {}, (...args) => answers.push(args));
    lookup('example.test', { family: 4 }, (...args) => answers.push(args));
    lookup('example.test', { family: 6, all: true }, (...args) => answers.push(args));
    expect(answers).toEqual([
      [null, checked],
      [null, '::1', 6],
      [null, '127.0.0.1', 4],
      [null, [{ address: '::1', family: 6 }]],
    ]);
    pinnedLookup([checked[0]!])('example.test', { family: 4 }, (error) => expect(error).toMatchObject({ code: 'ENOTFOUND' }));
  });

  it('fetches by host name (localhost, through the system resolver) when private addresses are allowed', async () => {
    const web = webConnector({ allowPrivate: true });
    const page = await web.fetch({}, `http://localhost:${port}/page`);
    expect(page.content.toString()).toContain('served locally');
    expect(page.external_id).toBe(`http://localhost:${port}/page`);
  });

  it('checks every address a name resolves to: one private among public ones refuses the name', async () => {
    const resolve = async (host: string): Promise<LookupAddress[]> =>
      host === 'mixed.test' ? [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }] : [];
    const web = webConnector({ resolve });
    await expect(web.fetch({}, 'http://mixed.test/')).rejects.toMatchObject({ name: 'DocumentRefused', status: 403, message: expect.stringContaining('10.0.0.7') });
    await expect(web.check({}, 'http://nowhere.test/')).rejects.toMatchObject({ status: 400, message: expect.stringContaining('cannot resolve') });
  });

  it('an allowed host may redirect only to addresses that pass on their own: the private hop is refused', async () => {
    // localhost stands for an intranet host on the allow-list; the hop after it is checked like any other URL.
    const web = webConnector({ allowHosts: ['localhost'] });
    expect((await web.fetch({}, `http://localhost:${port}/page`)).content.toString()).toContain('served locally');
    for (const [path, address] of [['/to-loopback', '127.0.0.1'], ['/to-metadata', '169.254.169.254'], ['/to-private', '10.0.0.1']] as const) {
      const before = seen.length;
      await expect(web.fetch({}, `http://localhost:${port}${path}`), path).rejects.toMatchObject({ name: 'DocumentRefused', status: 403, message: expect.stringContaining(address) });
      // The first hop was fetched; nothing after it was.
      expect(seen.slice(before), path).toEqual([path]);
    }
    // The allow-list names hosts, not the addresses they resolve to.
    await expect(web.fetch({}, `${base}/page`)).rejects.toMatchObject({ status: 403 });
  });

  it('ends a fetch that dribbles at the whole-fetch deadline, as a permanent failure with the reason', async () => {
    const web = webConnector({ allowPrivate: true, timeoutMs: 1500 });
    for (const path of ['/dribble', '/silent']) {
      const started = Date.now();
      const error = await web.fetch({}, `http://localhost:${port}${path}`).catch((e: unknown) => e);
      const took = Date.now() - started;
      expect(error, path).toBeInstanceOf(DocumentOverLimit);
      expect((error as Error).message).toMatch(/did not arrive within 1500 ms/);
      expect(isPermanent(error)).toBe(true);
      expect(took, path).toBeGreaterThanOrEqual(1400);
      expect(took, path).toBeLessThan(2500);
    }
    // The connection was closed, not left dribbling.
    expect(dribbleClosedAt).toBeGreaterThan(0);
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

  it('hands text on as UTF-8: in the charset the server declared, else the one detected; binary types untouched', async () => {
    const web = webConnector({ allowPrivate: true });
    expect((await web.fetch({}, `${base}/latin1`)).content.toString('utf8')).toContain('Crème brûlée à la façon de grand-mère');
    expect((await web.fetch({}, `${base}/sjis`)).content.toString('utf8')).toBe(JAPANESE);
    expect((await web.fetch({}, `${base}/pdf`)).content).toEqual(PDF_BYTES);
  });

  it('lists the URL given as the query, and nothing for other queries', async () => {
    const web = webConnector();
    expect(await web.list({}, 'https://example.com/docs', 10)).toEqual([
      { external_id: 'https://example.com/docs', title: 'example.com/docs', mime_type: 'text/html', source_url: 'https://example.com/docs', metadata: { host: 'example.com' } },
    ]);
    expect(await web.list({}, 'bread', 10)).toEqual([]);
  });
});
