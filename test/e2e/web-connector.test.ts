import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import { createPostgresDb } from '@memctx/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './server.js';

/*
 * The web connector over HTTP against the real server: a page fetched by host
 * name, a server that dribbles, and a DOCX that inflates past the parse
 * thread's heap, each ending as the document or as a failed source with its
 * reason, within the bounds configured.
 */
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const article = `<html><head><title>Proofing notes</title></head><body><article><h1>Proofing</h1>
  <p>${'Let the dough proof overnight in the cold room before shaping. '.repeat(12)}</p>
  <p>Odd bytes from an old CMS: a&#0;b and c&#xD800;d.</p></article></body></html>`;

async function docxBomb(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${'<w:p/>'.repeat(3_000_000)}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

let site: Server;
let port: number;
let server: TestServer;
let alice: Client;
let bomb: Buffer;

beforeAll(async () => {
  bomb = await docxBomb();
  site = createServer((req, res) => {
    if (req.url === '/proofing') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
    else if (req.url === '/dribble') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('x'), 1000);
      res.on('close', () => clearInterval(timer));
    } else if (req.url === '/plan.docx') res.writeHead(200, { 'content-type': DOCX }).end(bomb);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  port = (site.address() as AddressInfo).port;
  server = await startTestServer({
    MEMCTX_WEB_CONNECTOR_ALLOW_PRIVATE: '1',
    MEMCTX_WEB_CONNECTOR_TIMEOUT_MS: '1500',
    MEMCTX_PARSE_MAX_MEMORY_MB: '128',
    MEMCTX_CONNECTOR_INGEST_WAIT_MS: '60000',
    MEMCTX_EMBEDDINGS: 'off',
  });
  alice = await server.newUser('alice');
  await alice.call('POST', '/api/v1/memory/ingest', { session_id: 'bake', user_message: 'Collect the bakery notes', assistant_message: 'Ready.' });
});
afterAll(async () => {
  site?.closeAllConnections();
  site?.close();
  await server?.stop();
});

const ingest = (url: string) => alice.call('POST', '/api/v1/connectors/web/ingest', { credentials: {}, external_id: url, session_id: 'bake' });

describe('the web connector end to end', () => {
  it('fetches a page by host name and stores its text without NUL or lone surrogates', async () => {
    const { status, body } = await ingest(`http://localhost:${port}/proofing`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ connector_type: 'web', title: 'Proofing notes', status: 'ingested' });
    const db = createPostgresDb({ connectionString: server.databaseUrl, maxConnections: 1 });
    try {
      const { rows } = await db.query<{ data: { chunks: Array<{ text: string }> } }>(`SELECT data FROM events WHERE type = 'DocumentIngested' AND data->>'source_id' = $1`, [body.source_id]);
      const text = rows.flatMap((r) => r.data.chunks.map((c) => c.text)).join('\n');
      expect(text).toContain('Odd bytes from an old CMS');
      expect(text).not.toMatch(/\0|[\uD800-\uDFFF]/);
    } finally {
      await db.close();
    }
  });

  it('a server that dribbles a byte a second fails the document at the fetch deadline, with the reason', async () => {
    const started = Date.now();
    const { status, body } = await ingest(`http://localhost:${port}/dribble`);
    expect(status).toBe(422);
    expect(body.detail[0].msg).toMatch(/did not arrive within 1500 ms/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a DOCX that inflates past the parse heap fails with the memory reason, and the worker goes on', async () => {
    expect(bomb.length).toBeLessThan(100_000);
    const { status, body } = await ingest(`http://localhost:${port}/plan.docx`);
    expect(status).toBe(422);
    expect(body.detail[0].msg).toMatch(/parsing needed more than 128 MB of memory/);
    const sources = (await alice.call('GET', `/api/v1/sessions/bake/messages`)).status;
    expect(sources).toBe(200);
    expect((await ingest(`http://localhost:${port}/proofing`)).body).toMatchObject({ status: 'ingested' });
  });
});
