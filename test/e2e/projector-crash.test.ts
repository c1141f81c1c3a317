import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@memctx/db';
import { event, sessionStream } from '@memctx/domain';
import { createPostgresEventStore, migrateEventStore, type EventStore } from '@memctx/event-store';
import { activeGeneration, migrateGenerations, projectionStatus, rebuildProjection } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { createTestDatabase, waitUntilAllVisible, type TestDatabase } from '@memctx/testing';
import { snapshotReadModels as snapshot, startMemctxProcess, until } from './processes.js';

const ROUNDS = 40_000;

/** A projector-only memctx process. */
const startProjectorProcess = (databaseUrl: string): ChildProcess =>
  startMemctxProcess({
    MEMCTX_DATABASE_URL: databaseUrl, MEMCTX_ROLES: 'projector', MEMCTX_PROJECTOR_BATCH_SIZE: '4000',
    // Embeddings are filled outside the projections (and would differ from a rebuild's empty ones); this test is about projections.
    MEMCTX_EMBEDDINGS: 'off',
  });

describe('projector crash safety', () => {
  let database: TestDatabase;
  let db: Db;
  let store: EventStore;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('crash');
    db = createPostgresDb({ connectionString: database.url, maxConnections: 8 });
    await migrateEventStore(db);
    await migrateGenerations(db);
    store = createPostgresEventStore(db);
    const at = new Date().toISOString();
    for (let offset = 0; offset < ROUNDS; offset += 1000) {
      await store.appendMany(
        Array.from({ length: 1000 }, (_, i) => {
          const n = offset + i;
          const [user, session] = [`u${n % 7}`, `s${n % 300}`];
          return {
            streamId: sessionStream(user, session),
            events: [{
              event_id: randomUUID(),
              ...event('RoundIngested', {
                user_id: user, session_id: session, project_id: null, round_id: randomUUID(), user_message: `question ${n} about topic ${n % 50}`,
                assistant_message: n % 5 ? `answer ${n}` : '', client_timestamp: null, response_time_ms: null, ingested_at: at,
              }),
            }],
          };
        }),
      );
    }
    await waitUntilAllVisible(db);
  }, 300_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await db.close();
    await database.drop();
  });

  it('a projector killed with SIGKILL mid-batch resumes and ends equal to a clean rebuild', async () => {
    const first = startProjectorProcess(database.url);
    children.push(first);
    const checkpoint = async (name: string) => (await activeGeneration(db, name))?.checkpoint.global_position ?? 0;
    // Kill as soon as the first batch of one projection has landed: the next ones are in flight.
    await until(async () => (await checkpoint('sessions')) > 0, 120_000, 'the first batch');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atKill = await projectionStatus(db, store, allProjections);
    expect(atKill.some((s) => s.lagEvents > 0)).toBe(true);

    const second = startProjectorProcess(database.url);
    children.push(second);
    await until(async () => (await projectionStatus(db, store, allProjections)).every((s) => s.lagEvents === 0), 240_000, 'catch-up');
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));

    const recovered = await snapshot(db);
    expect(recovered.memory_records).toHaveLength(ROUNDS);
    for (const projection of allProjections) await rebuildProjection(db, store, projection, { batchSize: 5000 });
    expect(await snapshot(db)).toEqual(recovered);
  }, 600_000);
});
