/*
 * Crypto-shredding over Kafka: the relay publishes events as stored (sealed), Kafka-fed
 * projectors open them through the key store, and after a purge nothing on the topic,
 * old or new, reads as the session's text.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@memctx/db';
import { ensureTopic } from '@memctx/kafka';
import { createPostgresKeyStore, createShredder, type Shredder } from '@memctx/shredding';
import { testKafkaBrokers } from '@memctx/testing';
import { until } from './processes.js';
import { startTestServer, type Client, type TestServer } from './server.js';
import { dedupe, readTopic } from './topic-reader.js';

const MASTER_KEY = randomBytes(32);
const MARKER = `KAFKA${randomUUID().replaceAll('-', '')}`;

describe('crypto-shredding with the relay and Kafka-fed projectors', () => {
  let server: TestServer;
  let db: Db;
  let alice: Client;
  let shredder: Shredder;
  let reader: Awaited<ReturnType<typeof readTopic>>;
  const topic = `memctx.test.shredding.${randomUUID()}`;

  beforeAll(async () => {
    const brokers = await testKafkaBrokers();
    await ensureTopic({ brokers }, topic, 3);
    server = await startTestServer({
      MEMCTX_ROLES: 'api,projector,worker,relay', MEMCTX_PROJECTOR_SOURCE: 'kafka', MEMCTX_EMBEDDINGS: 'off',
      MEMCTX_KAFKA_BROKERS: brokers.join(','), MEMCTX_KAFKA_TOPIC: topic, MEMCTX_KAFKA_GROUP: `memctx-test-${randomUUID()}`,
      MEMCTX_CREDENTIALS_KEY: MASTER_KEY.toString('hex'), MEMCTX_SESSION_RETENTION_SECONDS: '1', MEMCTX_PURGE_INTERVAL_SECONDS: '1',
    });
    db = createPostgresDb({ connectionString: server.databaseUrl, maxConnections: 4 });
    shredder = createShredder({ keys: createPostgresKeyStore(db, { masterKey: MASTER_KEY }) });
    reader = await readTopic(brokers, topic);
    alice = await server.newUser('kafka-shred');
  });
  afterAll(async () => {
    await reader?.close();
    await db?.close();
    await server?.stop();
  });

  const onTopic = (type: string) => dedupe(reader.messages).filter((m) => m.event.type === type && m.key === alice.userId);

  it('publishes only ciphertext, which the Kafka-fed projectors open into readable read models', async () => {
    for (const session of ['gone', 'kept']) {
      const posted = await alice.call('POST', '/api/v1/memory/ingest', { session_id: session, user_message: `${session}: ${MARKER}`, assistant_message: `ok ${MARKER}` });
      expect(posted.status).toBe(200);
    }
    await until(async () => onTopic('RoundIngested').length === 2, 60_000, 'both rounds on the topic');
    expect(JSON.stringify(reader.messages.map((m) => m.event))).not.toContain(MARKER);
    expect(onTopic('RoundIngested')[0]!.event.data.user_message).toMatchObject({ $sealed: 'v1' });

    await until(async () => JSON.stringify((await alice.call('GET', '/api/v1/sessions/gone/messages')).body).includes(MARKER), 30_000, 'the projection');
    const opened = await shredder.open(onTopic('RoundIngested').map((m) => m.event));
    expect(opened.map((e) => e.data.user_message).sort()).toEqual([`gone: ${MARKER}`, `kept: ${MARKER}`]);
  });

  it('after the purge, the copies on the topic open to placeholders and the read models hold nothing of the session', async () => {
    expect((await alice.call('DELETE', '/api/v1/sessions/gone')).status).toBe(204);
    await until(async () => onTopic('SessionPurged').length === 1, 60_000, 'the purge on the topic');
    await until(
      async () => (await db.query(`SELECT 1 FROM session_messages WHERE user_id = $1 AND session_id = 'gone'`, [alice.userId])).rows.length === 0,
      30_000, 'the Kafka-fed projector to apply the purge',
    );

    // As a consumer reads it: the user's partition in order, purge included (which evicts the key cached above).
    const partition = dedupe(reader.messages).filter((m) => m.key === alice.userId).map((m) => m.event);
    const fresh = createShredder({ keys: createPostgresKeyStore(db, { masterKey: MASTER_KEY }) });
    for (const opener of [shredder, fresh]) {
      const rounds = (await opener.open(partition)).filter((e) => e.type === 'RoundIngested');
      expect(rounds.map((e) => [e.data.session_id, e.data.user_message]).sort()).toEqual([['gone', ''], ['kept', `kept: ${MARKER}`]]);
    }
    expect(JSON.stringify(reader.messages.map((m) => m.event))).not.toContain(MARKER);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM session_messages WHERE user_id = $1 AND content LIKE '%' || $2 || '%'", [alice.userId, MARKER],
    );
    expect(rows[0]!.n).toBe(2);
    const kept = await alice.call('GET', '/api/v1/sessions/kept/messages');
    expect(kept.body.messages.map((m: { content: string }) => m.content)).toEqual([`kept: ${MARKER}`, `ok ${MARKER}`]);
  });
});
