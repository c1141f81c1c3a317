import { randomUUID } from 'node:crypto';
import { createMemoryService, type MemoryService } from '@memctx/commands';
import { createPostgresDb, ensureVectorExtension, type Db } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore, type EventStore } from '@memctx/event-store';
import { createTestDatabase, testRedisUrl, waitUntilAllVisible, type TestDatabase } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, migrateCheckpoints } from '@memctx/processors';
import { createBullmqDocumentQueue, documentDispatcher, type DocumentJob } from '../src/index.js';

describe('dispatcher: every DocumentIngestRequested becomes a job, even across a Redis outage', () => {
  let database: TestDatabase;
  let db: Db;
  let store: EventStore;
  let service: MemoryService;
  beforeAll(async () => {
    database = await createTestDatabase('dispatch');
    db = createPostgresDb({ connectionString: database.url });
    await ensureVectorExtension(db);
    await migrateEventStore(db);
    await migrateCheckpoints(db);
    store = createPostgresEventStore(db);
    service = createMemoryService({ store, sessionRetentionMs: 3_600_000 });
    await service.ingestRound('u1', { session_id: 's1', user_message: 'hello', assistant_message: 'hi' });
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('keeps requests in the feed while the queue is unreachable, and hands them over once it is back', async () => {
    const first = await service.requestDocumentIngest('u1', { request_id: randomUUID(), connector_type: 'filesystem', external_id: 'a.md', session_id: 's1', domain: null });
    await waitUntilAllVisible(db);

    // Nothing listens on port 1: adding a job fails fast and the checkpoint stays put.
    const down = createBullmqDocumentQueue({ redisUrl: 'redis://127.0.0.1:1', name: 'dispatch-test-down' });
    await expect(catchUp(documentDispatcher(db, down), store)).rejects.toThrow();
    await down.close();
    expect((await db.query('SELECT * FROM processor_checkpoints')).rows).toEqual([]);

    const second = await service.requestDocumentIngest('u1', { request_id: randomUUID(), connector_type: 'filesystem', external_id: 'b.md', session_id: 's1', domain: null });
    await waitUntilAllVisible(db);
    const name = `dispatch-test-${process.pid}-${Date.now()}`;
    const up = createBullmqDocumentQueue({ redisUrl: await testRedisUrl(), name });
    const seen: DocumentJob[] = [];
    const worker = await up.work(async (job) => void seen.push(job), async () => undefined);
    expect(await catchUp(documentDispatcher(db, up), store)).toBe(3);
    const deadline = Date.now() + 10_000;
    while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(seen.map((j) => j.requestId).sort()).toEqual([first.requestId, second.requestId].sort());
    expect(seen.find((j) => j.requestId === first.requestId)).toMatchObject({ userId: 'u1', sourceId: first.sourceId, connectorType: 'filesystem', externalId: 'a.md' });
    // Caught up: a second pass finds nothing new.
    expect(await catchUp(documentDispatcher(db, up), store)).toBe(0);
    await worker.close();
    await up.close();
  });

  it('a document asked for again into the same project is the same source, a new request', async () => {
    const again = await service.requestDocumentIngest('u1', { request_id: randomUUID(), connector_type: 'filesystem', external_id: 'a.md', session_id: 's1', domain: null });
    const other = await service.requestDocumentIngest('u1', { request_id: randomUUID(), connector_type: 'filesystem', external_id: 'c.md', session_id: 's1', domain: null });
    const first = await service.requestDocumentIngest('u1', { request_id: randomUUID(), connector_type: 'filesystem', external_id: 'a.md', session_id: 's1', domain: null });
    expect(again.sourceId).toBe(first.sourceId);
    expect(again.requestId).not.toBe(first.requestId);
    expect(other.sourceId).not.toBe(first.sourceId);
  });

  it("refuses a session that is not the caller's live session", async () => {
    await expect(service.requestDocumentIngest('u2', { request_id: randomUUID(), connector_type: 'filesystem', external_id: 'a.md', session_id: 's1', domain: null })).rejects.toThrow(/not found/);
  });
});
