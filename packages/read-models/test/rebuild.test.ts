import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@memctx/db';
import { createMemoryService } from '@memctx/commands';
import { createPostgresEventStore, migrateEventStore, type EventStore } from '@memctx/event-store';
import {
  activeGeneration, ensureActiveGeneration, listGenerations, migrateGenerations, projectionStatus, rebuildProjection, runLive,
} from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { createTestDatabase, waitUntilAllVisible, type TestDatabase } from '@memctx/testing';

async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const tables: Record<string, string> = {
    projects: 'user_id, project_id',
    project_sessions: 'user_id, session_id',
    sessions: 'user_id, session_id',
    session_messages: 'user_id, session_id, seq',
    memory_records: 'user_id, record_id',
    activity_items: 'user_id, global_position',
  };
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(tables)) out[table] = (await db.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
  return out;
}

async function waitUntilCaughtUp(db: Db, store: EventStore, projections = allProjections): Promise<void> {
  await waitUntilAllVisible(db);
  for (let i = 0; i < 500; i++) {
    const statuses = await projectionStatus(db, store, projections);
    if (statuses.every((s) => s.lagEvents === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('projections did not catch up');
}

describe('projection runner and rebuild (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Db;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase('proj');
    db = createPostgresDb({ connectionString: database.url, maxConnections: 16 });
    await migrateEventStore(db);
    await migrateGenerations(db);
    for (const projection of allProjections) await ensureActiveGeneration(db, projection);
    store = createPostgresEventStore(db);
    const service = createMemoryService({ store, sessionRetentionMs: 3_600_000 });
    const { projectId } = await service.createProject('u1', 'P');
    await Promise.all(
      Array.from({ length: 20 }, (_, s) =>
        (async () => {
          for (let r = 0; r < 15; r++) {
            await service.ingestRound(`u${s % 3}`, {
              session_id: `s${s}`, project_id: s % 3 === 1 ? projectId : null, user_message: `question ${r} of ${s}`, assistant_message: r % 4 ? `answer ${r}` : '',
            });
          }
        })(),
      ),
    );
    await service.recordGenerated('u1', { session_id: 's1', user_message: 'q', assistant_message: 'a guess' });
    await service.deleteSession('u2', 's2');
    await service.deleteSession('u0', 's3');
    await service.restoreSession('u0', 's3');
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('two live runners per projection apply every batch once, and match a rebuild row for row', async () => {
    const runners = [...allProjections, ...allProjections].map((projection) => runLive(db, store, projection, { batchSize: 37, idleWaitMs: 50 }));
    await waitUntilCaughtUp(db, store);
    await Promise.all(runners.map((runner) => runner.stop()));
    const live = await snapshot(db);
    expect(live.session_messages!.length).toBeGreaterThan(500);
    expect(live.sessions!.length).toBe(20);

    const before = (await listGenerations(db)).filter((g) => g.status === 'active').map((g) => g.generation);
    for (const projection of allProjections) {
      const result = await rebuildProjection(db, store, projection, { batchSize: 100 });
      expect(result.to).toBeGreaterThan(result.from ?? 0);
    }
    const after = (await listGenerations(db)).filter((g) => g.status === 'active').map((g) => g.generation);
    expect(after).not.toEqual(before);
    expect(await snapshot(db)).toEqual(live);
    // One transaction per batch, and users spread over three lanes, build the same rows.
    for (const lanes of [1, 3]) {
      for (const projection of allProjections) await rebuildProjection(db, store, projection, { batchSize: 100, lanes });
      expect(await snapshot(db)).toEqual(live);
    }
  });

  it('a rebuild that fails halfway leaves the live generation serving, and the next one starts afresh', async () => {
    const records = allProjections.find((p) => p.name === 'memory_records')!;
    const live = await activeGeneration(db, 'memory_records');
    const before = (await db.query('SELECT * FROM memory_records ORDER BY user_id, record_id')).rows;
    let calls = 0;
    // One lane of the third batch fails after the other may have committed: the generation is left half-applied.
    const failing = { ...records, apply: async (tx: Parameters<typeof records.apply>[0], events: Parameters<typeof records.apply>[1]) => {
      if (++calls === 5) throw new Error('crash');
      return records.apply(tx, events);
    } };
    await expect(rebuildProjection(db, store, failing, { batchSize: 40, lanes: 2 })).rejects.toThrow('crash');
    expect((await activeGeneration(db, 'memory_records'))!.generation).toBe(live!.generation);
    expect((await db.query('SELECT * FROM memory_records ORDER BY user_id, record_id')).rows).toEqual(before);
    const abandoned = (await listGenerations(db, 'memory_records')).at(-1)!;
    expect(abandoned.status).toBe('building');

    const result = await rebuildProjection(db, store, records, { batchSize: 40 });
    expect(result.to).toBeGreaterThan(abandoned.generation);
    expect((await db.query('SELECT * FROM memory_records ORDER BY user_id, record_id')).rows).toEqual(before);
  });

  it('keeps serving reads and following writes during a rebuild, then switches over', async () => {
    const service = createMemoryService({ store, sessionRetentionMs: 3_600_000 });
    const sessions = allProjections.find((p) => p.name === 'sessions')!;
    const live = runLive(db, store, sessions, { batchSize: 50, idleWaitMs: 20 });
    const progress: number[] = [];
    const rebuilding = rebuildProjection(db, store, sessions, { batchSize: 20, onProgress: (p) => void progress.push(p.processed) });
    let reads = 0;
    while (progress.length < 3) {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
      expect(rows[0]!.n).toBeGreaterThan(0);
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await service.ingestRound('u9', { session_id: 'during-rebuild', user_message: 'written mid-rebuild', assistant_message: '' });
    await rebuilding;
    await waitUntilCaughtUp(db, store, [sessions]);
    await live.stop();
    expect(reads).toBeGreaterThan(0);
    const { rows } = await db.query("SELECT title FROM sessions WHERE user_id = 'u9' AND session_id = 'during-rebuild'");
    expect(rows).toEqual([{ title: 'written mid-rebuild' }]);
    expect((await activeGeneration(db, 'sessions'))!.generation).toBeGreaterThan(2);
    expect(progress.length).toBeGreaterThan(3);
  });

  it('finishes while writers never pause, and the new generation misses none of their rounds', async () => {
    // A write lands during every batch it applies, so the feed is never empty when it reads: a rebuild that waits
    // for an empty read before switching over would chase these writers until they stop.
    const service = createMemoryService({ store, sessionRetentionMs: 3_600_000 });
    const sessions = allProjections.find((p) => p.name === 'sessions')!;
    const live = runLive(db, store, sessions, { batchSize: 50, idleWaitMs: 20 });
    let writing = true;
    let written = 0;
    const writers = Array.from({ length: 3 }, (_, w) => (async () => {
      while (writing) {
        await service.ingestRound('u7', { session_id: `steady-${w}`, user_message: `steady ${w}`, assistant_message: '' });
        written++;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })());
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(rebuildProjection(db, store, sessions, { batchSize: 50 })).resolves.toMatchObject({ projection: 'sessions' });
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    await waitUntilCaughtUp(db, store, [sessions]);
    await live.stop();
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM session_messages WHERE user_id = 'u7'");
    expect(rows[0]!.n).toBe(written);
    expect(written).toBeGreaterThan(0);
  }, 60_000);
});
