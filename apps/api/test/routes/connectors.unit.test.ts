import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnectorRegistry, defaultConnectors } from '@memctx/connectors';
import { sourceStream } from '@memctx/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorDirectory } from '../../src/connectors/from-registry.js';
import { ALICE, BOB, useRouteFixture, validationErrorAt, type RouteFixture } from './fixture.js';
import { sourceRow } from './rows.js';

// The real connectors (a filesystem one on a directory of its own); no request leaves the machine.
const root = mkdtempSync(join(tmpdir(), 'memctx-route-connectors-'));
for (const name of ['notes.md', 'broken.md', 'slow.md']) writeFileSync(join(root, name), `# ${name}\n`);
afterAll(() => rmSync(root, { recursive: true, force: true }));
const fixture = useRouteFixture({ connectors: connectorDirectory(createConnectorRegistry(defaultConnectors({ fsRoot: root }))), ingestWaitMs: 500 });

/**
 * The worker's side, as the read model would show it: a requested `notes.md` is ingested, a `broken.md` fails, anything
 * else stays pending. Only the request the route made is answered, by its request id.
 */
const OUTCOMES: Record<string, { ingest_status: string; chunk_count?: number; title?: string; failure_reason?: string }> = {
  'notes.md': { ingest_status: 'ingested', chunk_count: 3, title: 'Notes' },
  'broken.md': { ingest_status: 'failed', failure_reason: 'not UTF-8' },
};

beforeAll(async () => {
  const f = fixture();
  const answered = new Set<string>();
  const answer = async () => {
    for (const event of await f.events()) {
      const { request_id, source_id, external_id, user_id, session_id } = event.data as Record<string, string>;
      const outcome = OUTCOMES[external_id!];
      if (event.type !== 'DocumentIngestRequested' || !outcome || answered.has(request_id!)) continue;
      answered.add(request_id!);
      // The outcome in the feed (where the chunks' records come from), then the row the wait reads.
      if (outcome.failure_reason) await f.service.recordDocumentIngestFailed(user_id!, source_id!, request_id!, outcome.failure_reason);
      else await f.service.recordDocumentIngested(user_id!, source_id!, request_id!, { title: outcome.title!, mime_type: 'text/markdown', source_url: null, content_hash: external_id!, chunks: [] });
      f.seed.source(user_id!, sourceRow({ id: source_id!, request_id, external_id, session_id, ...outcome }));
    }
  };
  await f.store.onAppended(() => void answer());
  for (const [user, session] of [[ALICE, 'docs'], [BOB, 'docs'], [ALICE, 'alice-only']] as const) {
    const round = await f.as(user, '/api/v1/memory/ingest', { method: 'POST', json: { session_id: session, user_message: 'read this', assistant_message: '' } });
    expect(round.status).toBe(200);
  }
});

const ingest = (user: typeof ALICE | typeof BOB, json: Record<string, unknown>, type = 'filesystem') =>
  fixture().as(user, `/api/v1/connectors/${type}/ingest`, { method: 'POST', json: { credentials: {}, session_id: 'docs', ...json } });
const requests = async (f: RouteFixture) => (await f.events()).filter((event) => event.type === 'DocumentIngestRequested');

describe('POST /api/v1/connectors/{connector_type}/list', () => {
  it('lists the connector’s documents in the contract’s shape', async () => {
    const response = await fixture().as(ALICE, '/api/v1/connectors/filesystem/list', { method: 'POST', json: { credentials: {}, query: 'notes' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ count: 1, documents: [{ external_id: 'notes.md', title: 'notes.md', mime_type: expect.any(String) }] });
  });

  it('answers 404 for an unknown connector type', async () => {
    const response = await fixture().as(ALICE, '/api/v1/connectors/nope/list', { method: 'POST', json: { credentials: {} } });
    expect(response).toMatchObject({ status: 404, body: { detail: 'Unknown connector type: nope' } });
  });

  it('answers 422 at body.credentials for credentials the connector does not take, without echoing them', async () => {
    const response = await fixture().as(ALICE, '/api/v1/connectors/github/list', { method: 'POST', json: { credentials: { token: 'secret-123' } } });
    expect(response).toMatchObject(validationErrorAt('body', 'credentials', 'owner'));
    expect(JSON.stringify(response.body)).not.toContain('secret-123');
    expect(await fixture().as(ALICE, '/api/v1/connectors/filesystem/list', { method: 'POST', json: { credentials: {}, page_size: 0 } }))
      .toMatchObject(validationErrorAt('body', 'page_size'));
  });
});

describe('POST /api/v1/connectors/{connector_type}/ingest', () => {
  it('requests the document in the caller’s source stream, keeps the credentials for the worker, and answers 200 once stored', async () => {
    const f = fixture();
    const response = await ingest(ALICE, { external_id: 'notes.md' });
    expect(response).toMatchObject({
      status: 200, body: { status: 'ingested', chunks_stored: 3, title: 'Notes', connector_type: 'filesystem', user_id: ALICE, source_id: expect.any(String) },
    });
    const [request] = (await requests(f)).filter((event) => event.data.source_id === response.body.source_id);
    expect(request).toMatchObject({ stream_id: sourceStream(ALICE, response.body.source_id), data: { external_id: 'notes.md', session_id: 'docs' } });
    expect(f.credentials.has(request!.data.request_id as string)).toBe(true);
    // The position told is the worker's outcome, not the request: a read sent with it waits for the stored chunks.
    const outcome = (await f.events()).find((event) => event.type === 'DocumentIngested' && event.data.request_id === request!.data.request_id);
    expect(response.headers.get('x-memctx-position')).toBe(`${outcome!.transaction_id}.${outcome!.global_position}`);
  });

  it('answers 202 pending while the worker has not answered, and 422 when the document failed', async () => {
    expect(await ingest(ALICE, { external_id: 'slow.md' })).toMatchObject({ status: 202, body: { status: 'pending', chunks_stored: 0, title: 'slow.md' } });
    const failed = await ingest(ALICE, { external_id: 'broken.md' });
    expect(failed).toMatchObject(validationErrorAt('body', 'external_id'));
    expect(failed.body.detail[0]).toMatchObject({ type: 'document_failed', msg: expect.stringContaining('not UTF-8') });
  });

  it('answers 404 for another user’s session and an unknown one, requesting nothing', async () => {
    const f = fixture();
    const before = (await requests(f)).length;
    expect(await ingest(BOB, { external_id: 'notes.md', session_id: 'alice-only' })).toMatchObject({ status: 404 });
    expect(await ingest(ALICE, { external_id: 'notes.md', session_id: 'nowhere' })).toMatchObject({ status: 404 });
    expect((await requests(f)).length).toBe(before);
  });

  it('answers the connector’s refusal of a path outside its root, and 422 for a missing external_id', async () => {
    expect(await ingest(ALICE, { external_id: '../outside.md' })).toMatchObject({ status: 403, body: { detail: 'external_id points outside the connector root' } });
    expect(await ingest(ALICE, {})).toMatchObject(validationErrorAt('body', 'external_id'));
  });
});
