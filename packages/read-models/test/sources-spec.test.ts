import { describe, it } from 'vitest';
import { event } from '@memctx/domain';
import { sourcesProjection } from '@memctx/read-models';
import { projectionSpec } from './projection-spec.js';

const spec = projectionSpec(sourcesProjection);
const at = (minute: number) => `2026-11-24T10:0${minute}:00.000Z`;
const ids = { user_id: 'u1', source_id: 'src1', project_id: 'p1' };
const requested = (request_id: string, minute: number) => event('DocumentIngestRequested', {
  ...ids, request_id, session_id: 's1', connector_type: 'web', external_id: 'https://example.org/a', domain: 'example.org', requested_at: at(minute),
});
const ingested = (request_id: string, minute: number) => event('DocumentIngested', {
  ...ids, request_id, title: 'A page', mime_type: 'text/html', source_url: 'https://example.org/a', content_hash: 'h',
  chunks: [{ chunk_id: 'c0', index: 0, text: 'one', token_count: 1 }, { chunk_id: 'c1', index: 1, text: 'two', token_count: 1 }],
  ingested_at: at(minute),
});
const query = 'SELECT source_id, title, ingest_status, chunk_count, failure_reason, request_id, updated_at::text AS updated_at FROM sources';

describe('sources projection (given events, when events, then rows)', () => {
  it('names a requested source by its external id until the document is stored, then by its title', async () => {
    await spec.given().when(requested('r1', 1)).then(query, [
      { source_id: 'src1', title: 'https://example.org/a', ingest_status: 'pending', chunk_count: 0, failure_reason: null, request_id: 'r1', updated_at: '2026-11-24 10:01:00+00' },
    ]);
    await spec.given(requested('r1', 1)).when(ingested('r1', 2)).then(query, [
      { source_id: 'src1', title: 'A page', ingest_status: 'ingested', chunk_count: 2, failure_reason: null, request_id: 'r1', updated_at: '2026-11-24 10:02:00+00' },
    ]);
  });

  it('keeps the stored chunks counted when a new version is requested and then fails', async () => {
    const failed = event('DocumentIngestFailed', { ...ids, request_id: 'r2', reason: 'HTTP 404', failed_at: at(4) });
    await spec.given(requested('r1', 1), ingested('r1', 2)).when(requested('r2', 3), failed).then(query, [
      { source_id: 'src1', title: 'A page', ingest_status: 'failed', chunk_count: 2, failure_reason: 'HTTP 404', request_id: 'r2', updated_at: '2026-11-24 10:04:00+00' },
    ]);
  });
});
