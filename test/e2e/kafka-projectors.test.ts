import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@memctx/db';
import { compareCheckpoints, type EventStore } from '@memctx/event-store';
import { openShreddingStore } from '@memctx/shredding';
import { ensureTopic, groupAssignment } from '@memctx/kafka';
import { listGenerations, partitionKeyPositions, rebuildProjection } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { testKafkaBrokers, waitUntilAllVisible } from '@memctx/testing';
import { killAndWait, snapshotReadModels, startMemctxProcess, until } from './processes.js';
import { startTestServer, type Client, type TestServer } from './server.js';

const USERS = 6;
const ROUNDS_PER_USER = 30;

describe('projectors fed by a Kafka consumer group', () => {
  let server: TestServer;
  let db: Db;
  let store: EventStore;
  let brokers: string[];
  let second: ChildProcess | undefined;
  const topic = `memctx.test.projectors.${randomUUID()}`;
  const group = `memctx-test-${randomUUID()}`;
  const kafkaEnv = () => ({ MEMCTX_KAFKA_BROKERS: brokers.join(','), MEMCTX_KAFKA_TOPIC: topic, MEMCTX_KAFKA_GROUP: group, MEMCTX_PROJECTOR_SOURCE: 'kafka' });

  beforeAll(async () => {
    brokers = await testKafkaBrokers();
    await ensureTopic({ brokers }, topic, 4);
    // One process is the API, the relay and a projector; a second projector process joins the same group.
    server = await startTestServer({ MEMCTX_ROLES: 'api,projector,relay', MEMCTX_EMBEDDINGS: 'off', ...kafkaEnv() });
    db = createPostgresDb({ connectionString: server.databaseUrl, maxConnections: 4 });
    // As every memctx process reads the feed: message text opened (crypto-shredding).
    store = (await openShreddingStore(db)).store;
    second = startMemctxProcess({ MEMCTX_DATABASE_URL: server.databaseUrl, MEMCTX_ROLES: 'projector', MEMCTX_EMBEDDINGS: 'off', ...kafkaEnv() });
    // Both members own partitions: the four are shared, none twice.
    await until(async () => {
      const members = await groupAssignment({ brokers }, group);
      return members.length === 2 && members.every((m) => m.partitions.length > 0)
        && members.flatMap((m) => m.partitions).sort().join() === '0,1,2,3';
    }, 90_000, 'two members sharing the partitions');
  }, 180_000);

  /** Waits until, for every user in the feed, the projectors have consumed that user's newest event. */
  async function consumedEverything(): Promise<void> {
    await waitUntilAllVisible(db);
    const head = await store.head();
    const { rows: newest } = await db.query<{ user_id: string; t: number; g: number }>(
      `SELECT DISTINCT ON (data->>'user_id') data->>'user_id' AS user_id, transaction_id AS t, global_position AS g FROM events
       ORDER BY data->>'user_id', transaction_id DESC, global_position DESC`);
    await until(async () => {
      const positions = await partitionKeyPositions(db, allProjections.map((p) => p.name), newest.map((row) => row.user_id));
      return newest.every((row) => {
        const reached = positions.get(row.user_id);
        return !!reached && compareCheckpoints(reached, { transaction_id: Number(row.t), global_position: Number(row.g) }) >= 0;
      });
    }, 90_000, `the projectors to consume up to ${JSON.stringify(head)}`);
  }

  afterAll(async () => {
    if (second) await killAndWait(second, 'SIGKILL');
    await db?.close();
    await server?.stop();
  });

  it('reads reflect the writer\'s own writes (read-your-writes per user)', async () => {
    const alice = await server.newUser('kafka-ryw');
    const { body: project } = await alice.call('POST', '/api/v1/projects', { name: 'Kafka' });
    for (let n = 0; n < 5; n++) {
      const written = await alice.call('POST', '/api/v1/memory/ingest', { session_id: 'k1', project_id: project.id, user_message: `step ${n}`, assistant_message: 'noted' });
      expect(written.status).toBe(200);
      const read = await alice.call('GET', '/api/v1/sessions/k1/messages?limit=200');
      expect(read.status).toBe(200);
      expect(read.body.total).toBe(2 * (n + 1));
      // No global checkpoint moves in kafka mode: only the per-user guard positions can release the wait in time.
      expect(read.headers.get('x-memctx-stale')).toBeNull();
    }
  }, 60_000);

  it('two projector instances in one group build the same read models as a clean rebuild from the feed', async () => {
    const users: Client[] = await Promise.all(Array.from({ length: USERS }, () => server.newUser('kafka-proj')));
    await Promise.all(users.map(async (user, u) => {
      const { body: project } = await user.call('POST', '/api/v1/projects', { name: `p${u}` });
      for (let n = 0; n < ROUNDS_PER_USER; n++) {
        const session = `s${n % 3}`;
        const path = n % 7 === 6 ? '/api/v1/memory/generated' : '/api/v1/memory/ingest';
        const response = await user.call('POST', path, { session_id: session, project_id: n % 2 ? project.id : undefined, user_message: `fact ${n} from ${u}`, assistant_message: 'ok' });
        expect(response.status).toBe(200);
      }
      expect((await user.call('DELETE', '/api/v1/sessions/s2')).status).toBeLessThan(300);
      if (u % 2) expect((await user.call('POST', '/api/v1/sessions/s2/restore')).status).toBeLessThan(300);
    }));

    await consumedEverything();

    const moved = (await listGenerations(db)).filter((g) => g.status === 'active' && g.checkpoint.global_position > 0);
    expect(moved).toEqual([]);

    const fromKafka = await snapshotReadModels(db);
    expect(fromKafka.session_messages!.length).toBeGreaterThanOrEqual(USERS * ROUNDS_PER_USER);
    await killAndWait(second!, 'SIGTERM');
    second = undefined;
    // A clean rebuild replays the event store's feed directly, one batch at a time.
    for (const projection of allProjections) await rebuildProjection(db, store, projection, { batchSize: 5_000 });
    expect(await snapshotReadModels(db)).toEqual(fromKafka);
  }, 240_000);

  it('a blue/green rebuild while Kafka-fed projectors apply live writes loses none of them', async () => {
    const writers = await Promise.all([1, 2, 3].map(() => server.newUser('kafka-rebuild')));
    const written = new Map<string, number>();
    let rebuilding = true;
    // Writers keep posting until every rebuild is done, so writes land in each one's switch-over window.
    const writing = Promise.all(writers.map(async (user) => {
      let n = 0;
      while (rebuilding || n < 5) {
        const response = await user.call('POST', '/api/v1/memory/ingest', { session_id: 'live', user_message: `during rebuild ${n}`, assistant_message: 'ok' });
        expect(response.status).toBe(200);
        written.set(user.userId, ++n);
        await new Promise((r) => setTimeout(r, 10));
      }
    }));
    // Each rebuild pauses between its last read of the feed and its switch-over, while the writes
    // keep arriving through Kafka into the live generation: the switch must carry them over.
    const pause = async (progress: { phase: string }) => {
      if (progress.phase === 'switching') await new Promise((r) => setTimeout(r, 300));
    };
    try {
      for (const projection of allProjections) await rebuildProjection(db, store, projection, { batchSize: 50, onProgress: pause });
    } finally {
      rebuilding = false;
    }
    await writing;
    await consumedEverything();
    const live = await snapshotReadModels(db);
    for (const user of writers) {
      expect(live.session_messages!.filter((m) => (m as { user_id: string }).user_id === user.userId)).toHaveLength(2 * written.get(user.userId)!);
    }
    for (const projection of allProjections) await rebuildProjection(db, store, projection, { batchSize: 5_000 });
    expect(await snapshotReadModels(db)).toEqual(live);
  }, 240_000);
});
