import { describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { NotFoundError } from '@memctx/domain';
import { createInMemoryEventStore, START } from '@memctx/event-store';
import { createConnectorIngest, type SourceView } from '../src/index.js';

const DAY = 24 * 3600 * 1000;

/** The service on an in-memory event store; the sources read model is a map the test fills as the worker would. */
async function setUp(waitMs = 300) {
  const store = createInMemoryEventStore();
  const service = createMemoryService({ store, sessionRetentionMs: DAY });
  await service.ingestRound('u', { session_id: 's1', user_message: 'hello', assistant_message: 'ok' });
  const kept = new Map<string, Record<string, unknown>>();
  const sources = new Map<string, SourceView>();
  const ingest = createConnectorIngest({
    service,
    credentials: { put: async (requestId, userId, credentials) => void kept.set(`${userId}/${requestId}`, credentials) },
    readSource: async (_userId, sourceId) => sources.get(sourceId),
    waitMs,
  });
  const charged: string[] = [];
  const steps = { check: async () => void charged.push('check'), chargeQuota: async () => void charged.push('quota') };
  const input = { userId: 'u', connectorType: 'web', externalId: 'https://example.com/a', sessionId: 's1', domain: null, credentials: { token: 't' } };
  const requestTypes = async () => (await store.readAll({ after: START, maxCount: 100 })).map((event) => event.type).filter((type) => type.startsWith('Document'));
  return { service, ingest, kept, sources, charged, steps, input, requestTypes };
}

describe('connector ingest', () => {
  it('checks, charges, keeps the credentials under the request and appends one request per Idempotency-Key', async () => {
    const { ingest, kept, charged, steps, input, requestTypes } = await setUp();
    const first = await ingest.request({ ...input, idempotencyKey: 'k1' }, steps);
    const retried = await ingest.request({ ...input, idempotencyKey: 'k1' }, steps);
    expect(retried.requestId).toBe(first.requestId);
    expect(retried.sourceId).toBe(first.sourceId);
    expect(charged).toEqual(['check', 'quota', 'check', 'quota']);
    expect(kept.get(`u/${first.requestId}`)).toEqual({ token: 't' });
    expect(await requestTypes()).toEqual(['DocumentIngestRequested']);
    // Without a key every request is new: a new version of the same source.
    const fresh = await ingest.request(input, steps);
    expect(fresh.requestId).not.toBe(first.requestId);
    expect(fresh.sourceId).toBe(first.sourceId);
  });

  it('refuses a session that is not live before charging the quota', async () => {
    const { ingest, charged, steps, input, requestTypes } = await setUp();
    await expect(ingest.request({ ...input, sessionId: 'nope' }, steps)).rejects.toBeInstanceOf(NotFoundError);
    expect(charged).toEqual(['check']);
    expect(await requestTypes()).toEqual([]);
  });

  it("waits for this request's outcome: stored, failed, or pending when the wait runs out", async () => {
    const { service, ingest, sources, steps, input } = await setUp();
    const { sourceId, requestId } = await ingest.request(input, steps);
    const accepted = { sourceId, requestId, externalId: input.externalId };
    const row = { request_id: requestId, failure_reason: null, title: 'A page', chunk_count: 3 };

    expect(await ingest.awaitOutcome('u', accepted)).toEqual({ status: 'pending', title: input.externalId });
    // An earlier request's outcome on the same source is not this one's.
    sources.set(sourceId, { ...row, request_id: 'earlier', ingest_status: 'ingested' });
    expect(await ingest.awaitOutcome('u', accepted)).toEqual({ status: 'pending', title: 'A page' });

    // The worker's report: its place in the feed comes with the outcome, so the caller's next reads wait for it.
    const chunk = (index: number) => ({ chunk_id: `00000000-0000-4000-8000-00000000000${index}`, index, text: `part ${index}`, token_count: 2 });
    const reported = await service.recordDocumentIngested('u', sourceId, requestId, {
      title: 'A page', mime_type: 'text/html', source_url: null, content_hash: 'h', chunks: [0, 1, 2].map(chunk),
    });
    expect(reported.position).toBeDefined();
    await service.ingestRound('u', { session_id: 's1', user_message: 'later', assistant_message: 'ok' });
    let looks = 0;
    const answered = ingest.awaitOutcome('u', accepted, async () => {
      if (++looks === 2) sources.set(sourceId, { ...row, ingest_status: 'ingested' });
    });
    expect(await answered).toEqual({ status: 'ingested', title: 'A page', chunks: 3, position: reported.position });
    sources.set(sourceId, { ...row, ingest_status: 'failed', failure_reason: 'not a PDF' });
    expect(await ingest.awaitOutcome('u', accepted)).toEqual({ status: 'failed', reason: 'not a PDF', position: reported.position });
  });
});
