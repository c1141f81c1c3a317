import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testRedisUrl } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './server.js';

/*
 * Connectors end to end on the production path: API, BullMQ on real Redis,
 * worker, projector and embedder in one server, on PostgreSQL.
 */
let server: TestServer;
let alice: Client;
let bob: Client;
let projectId: string;
let root: string;

const guide = `# Oven handbook\n\n${Array.from({ length: 60 }, (_, i) => `Rule ${i}: the convection oven in bay ${i % 4} must be preheated to ${180 + i} degrees before the morning bake.`).join('\n\n')}\n`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'memctx-docs-'));
  mkdirSync(join(root, 'kitchen'));
  writeFileSync(join(root, 'kitchen/oven-handbook.md'), guide);
  writeFileSync(join(root, 'kitchen/notes.txt'), 'Flour delivery arrives on Tuesdays.');
  writeFileSync(join(root, 'garbage.txt'), Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256)));
  writeFileSync(join(root, 'empty.md'), '   \n');
  writeFileSync(join(root, 'picture.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  writeFileSync(join(root, 'huge.txt'), 'x'.repeat(70_000));
  writeFileSync(join(tmpdir(), 'outside-secret.txt'), 'secret');
  server = await startTestServer({
    MEMCTX_FS_CONNECTOR_ROOT: root,
    REDIS_URL: await testRedisUrl(),
    MEMCTX_QUEUE_NAME: `e2e-connectors-${process.pid}-${Date.now()}`,
    MEMCTX_DOCUMENT_MAX_BYTES: '64kb',
    MEMCTX_CONNECTOR_INGEST_WAIT_MS: '30000',
  });
  alice = await server.newUser('alice');
  bob = await server.newUser('bob');
  projectId = (await alice.call('POST', '/api/v1/projects', { name: 'Bakery' })).body.id;
  await alice.call('POST', '/api/v1/memory/ingest', { session_id: 'bake', project_id: projectId, user_message: 'Start the bakery project', assistant_message: 'Ready.' });
});
afterAll(() => server?.stop());

const ingest = (client: Client, external_id: string, session_id = 'bake', type = 'filesystem') =>
  client.call('POST', `/api/v1/connectors/${type}/ingest`, { credentials: {}, external_id, session_id });

describe('connector catalog and listing', () => {
  it('lists the connectors with their credential fields, without a key', async () => {
    const response = await fetch(`${server.url}/api/v1/connectors`);
    expect(response.status).toBe(200);
    const { connectors } = (await response.json()) as { connectors: Array<{ connector_type: string; credential_fields: Array<{ name: string; secret: boolean }> }> };
    expect(connectors.map((c) => c.connector_type)).toEqual(['filesystem', 'web', 'github']);
    expect(connectors.find((c) => c.connector_type === 'github')!.credential_fields.find((f) => f.name === 'token')).toMatchObject({ secret: true });
  });

  it('lists documents under the root, filtered by query; unknown type 404; bad credentials 422 at body.credentials', async () => {
    const all = await alice.call('POST', '/api/v1/connectors/filesystem/list', { credentials: {} });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(all.body.documents.length);
    expect(all.body.documents.map((d: { external_id: string }) => d.external_id)).toContain('kitchen/oven-handbook.md');
    const some = await alice.call('POST', '/api/v1/connectors/filesystem/list', { credentials: {}, query: 'HANDBOOK', page_size: 5 });
    expect(some.body).toEqual({
      count: 1,
      documents: [{ external_id: 'kitchen/oven-handbook.md', title: 'oven-handbook.md', mime_type: 'text/markdown', source_url: expect.stringMatching(/^file:/), metadata: { path: 'kitchen/oven-handbook.md' } }],
    });
    expect((await alice.call('POST', '/api/v1/connectors/dropbox/list', { credentials: {} })).status).toBe(404);
    const bad = await alice.call('POST', '/api/v1/connectors/github/list', { credentials: { token: 'x', owner: 'a/b' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual(expect.arrayContaining([['body', 'credentials', 'owner'], ['body', 'credentials', 'repo']]));
    expect(JSON.stringify(bad.body)).not.toContain('"x"');
    expect((await alice.call('POST', '/api/v1/connectors/filesystem/list', { credentials: {}, page_size: 0 })).status).toBe(422);
  });
});

describe('document ingest', () => {
  let sourceId: string;
  let chunks: number;

  it('stores a document as DOCUMENT_VERIFIED chunks and answers the spec shape', async () => {
    const { status, body } = await ingest(alice, 'kitchen/oven-handbook.md');
    expect(status).toBe(200);
    expect(body).toMatchObject({ connector_type: 'filesystem', title: 'Oven handbook', user_id: alice.userId, status: 'ingested' });
    expect(body.chunks_stored).toBeGreaterThan(1);
    sourceId = body.source_id;
    chunks = body.chunks_stored;
  });

  it('shows the source in the project, and counts it', async () => {
    const { body } = await alice.call('GET', `/api/v1/projects/${projectId}/sources`);
    expect(body.total).toBe(1);
    expect(body.sources[0]).toMatchObject({
      id: sourceId, external_id: 'kitchen/oven-handbook.md', title: 'Oven handbook', source_type: 'filesystem',
      provenance: 'DOCUMENT_VERIFIED', ingest_status: 'ingested', chunk_count: chunks,
    });
    const project = (await alice.call('PATCH', `/api/v1/projects/${projectId}`, { name: 'Bakery' })).body;
    expect(project.source_count).toBe(1);
    expect((await alice.call('GET', `/api/v1/dashboard/provenance?project_id=${projectId}`)).body.provenance.DOCUMENT_VERIFIED).toBe(chunks);
  });

  it("a SIP build cites the document's chunks with their source id and title", async () => {
    const { body } = await alice.call('POST', '/api/v1/sip/build', { project_id: projectId, query: 'What temperature for the convection oven in bay 2, rule 42?' });
    const docs = body.citations.filter((c: { provenance: string }) => c.provenance === 'DOCUMENT_VERIFIED');
    expect(docs.length).toBeGreaterThan(0);
    expect(docs[0]).toMatchObject({ source_id: sourceId, source_title: 'Oven handbook' });
    expect(body.sip).toContain('document "Oven handbook"');
    expect(body.sip).toContain('Rule 42');
  });

  it('re-ingesting the same file replaces its chunks: one source, no duplicates', async () => {
    writeFileSync(join(root, 'kitchen/oven-handbook.md'), `${guide}\n\nRule 99: clean the ovens on Sundays.\n`);
    const again = await ingest(alice, 'kitchen/oven-handbook.md');
    expect(again.status).toBe(200);
    expect(again.body.source_id).toBe(sourceId);
    const sources = (await alice.call('GET', `/api/v1/projects/${projectId}/sources`)).body;
    expect(sources.total).toBe(1);
    expect(sources.sources[0].chunk_count).toBe(again.body.chunks_stored);
    expect((await alice.call('GET', `/api/v1/dashboard/provenance?project_id=${projectId}`)).body.provenance.DOCUMENT_VERIFIED).toBe(again.body.chunks_stored);
  });

  it('refuses paths outside the root with a 4xx and stores nothing', async () => {
    for (const id of ['../outside-secret.txt', '/etc/passwd', 'kitchen/../../outside-secret.txt']) {
      const refused = await ingest(alice, id);
      expect(refused.status, id).toBeGreaterThanOrEqual(400);
      expect(refused.status, id).toBeLessThan(500);
    }
    expect((await alice.call('GET', `/api/v1/projects/${projectId}/sources`)).body.total).toBe(1);
  });

  it("answers 404 for another user's session and an unknown connector, 422 for a missing session_id", async () => {
    expect((await ingest(bob, 'kitchen/notes.txt', 'bake')).status).toBe(404);
    expect((await ingest(alice, 'kitchen/notes.txt', 'bake', 'dropbox')).status).toBe(404);
    const missing = await alice.call('POST', '/api/v1/connectors/filesystem/ingest', { credentials: {}, external_id: 'kitchen/notes.txt' });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'session_id'], type: 'missing' });
  });

  it('bad documents become failed sources with a reason; the worker keeps going', async () => {
    const reasons: Record<string, RegExp> = {
      'garbage.txt': /not readable text|binary/,
      'empty.md': /no text/,
      'picture.png': /unsupported document type/,
      'huge.txt': /larger than/,
    };
    for (const [file, reason] of Object.entries(reasons)) {
      const failed = await ingest(alice, file);
      expect(failed.status, file).toBe(422);
      expect(failed.body.detail[0].msg, file).toMatch(reason);
    }
    const sources = (await alice.call('GET', `/api/v1/projects/${projectId}/sources`)).body.sources as Array<{ external_id: string; ingest_status: string }>;
    for (const file of Object.keys(reasons)) expect(sources.find((s) => s.external_id === file)?.ingest_status, file).toBe('failed');
    // Still working after all that:
    expect((await ingest(alice, 'kitchen/notes.txt')).body).toMatchObject({ status: 'ingested', chunks_stored: 1 });
  });
});
