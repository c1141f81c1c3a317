import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@memctx/db';
import { listGenerations, migrateGenerations } from '@memctx/projections';
import { createTestDatabase, type TestDatabase } from '@memctx/testing';

/**
 * A database as the releases before processor_checkpoints left it: each follower of the feed with a table of its
 * own, the generations carrying their checkpoints, Kafka-fed projections one per stream. Opening it with this code
 * carries every position over.
 */
const BEFORE = `
  CREATE TABLE schema_migrations (component text NOT NULL, id text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (component, id));
  CREATE TABLE projection_generations (
    name text NOT NULL, generation int NOT NULL, version int NOT NULL,
    status text NOT NULL CHECK (status IN ('building', 'active', 'retired')), schema_name text NOT NULL,
    transaction_id bigint NOT NULL DEFAULT 0, global_position bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (name, generation));
  CREATE UNIQUE INDEX projection_generations_one_active ON projection_generations (name) WHERE status = 'active';
  CREATE TABLE relay_checkpoints (name text PRIMARY KEY, transaction_id bigint NOT NULL DEFAULT 0, global_position bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE dispatcher_checkpoints (name text PRIMARY KEY, transaction_id bigint NOT NULL, global_position bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE projection_stream_checkpoints (
    name text NOT NULL, generation int NOT NULL, stream_id text NOT NULL, partition_key text NOT NULL,
    transaction_id bigint NOT NULL, global_position bigint NOT NULL, PRIMARY KEY (name, generation, stream_id));
  INSERT INTO schema_migrations (component, id) VALUES
    ('projections', '0001_projection_generations'), ('relay', '0001_relay_checkpoints'),
    ('dispatcher', '0001_dispatcher_checkpoints'), ('dispatcher', '0002_dispatcher_checkpoints_updated_at'),
    ('projection_stream_guards', '0001_projection_stream_checkpoints');
  INSERT INTO projection_generations (name, generation, version, status, schema_name, transaction_id, global_position) VALUES
    ('sessions', 1, 3, 'retired', 'rm_sessions_g1', 40, 400), ('sessions', 2, 4, 'active', 'rm_sessions_g2', 90, 912),
    ('activity', 1, 2, 'active', 'rm_activity_g1', 88, 905);
  INSERT INTO relay_checkpoints (name, transaction_id, global_position) VALUES ('memctx.events', 91, 915);
  INSERT INTO dispatcher_checkpoints (name, transaction_id, global_position) VALUES ('documents', 92, 920);
  INSERT INTO projection_stream_checkpoints (name, generation, stream_id, partition_key, transaction_id, global_position) VALUES
    ('sessions', 2, 'session-ana:s1', 'ana', 95, 950), ('sessions', 2, 'session-ana:s2', 'ana', 97, 971), ('sessions', 2, 'user-ana', 'ana', 93, 930),
    ('sessions', 2, 'session-bo:s1', 'bo', 96, 960), ('sessions', 1, 'session-bo:s1', 'bo', 41, 410);
`;

describe('upgrading a database to processor_checkpoints', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase('checkpoints_upgrade');
    db = createPostgresDb({ connectionString: database.url });
    await db.exec(BEFORE);
    await migrateGenerations(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('carries every checkpoint over, so each processor continues where it was', async () => {
    const positions = (await listGenerations(db)).map((g) => [g.schemaName, g.status, g.checkpoint]);
    expect(positions).toEqual([
      ['rm_activity_g1', 'active', { transaction_id: 88, global_position: 905 }],
      ['rm_sessions_g1', 'retired', { transaction_id: 40, global_position: 400 }],
      ['rm_sessions_g2', 'active', { transaction_id: 90, global_position: 912 }],
    ]);
    const { rows } = await db.query(
      `SELECT processor, partition, transaction_id, global_position FROM processor_checkpoints
       WHERE processor NOT LIKE 'rm\\_%' OR partition <> '' ORDER BY processor, partition`,
    );
    expect(rows).toEqual([
      { processor: 'dispatcher:documents', partition: '', transaction_id: 92, global_position: 920 },
      { processor: 'relay:memctx.events', partition: '', transaction_id: 91, global_position: 915 },
      // Kafka-fed: each user's newest stream checkpoint, per generation.
      { processor: 'rm_sessions_g1', partition: 'bo', transaction_id: 41, global_position: 410 },
      { processor: 'rm_sessions_g2', partition: 'ana', transaction_id: 97, global_position: 971 },
      { processor: 'rm_sessions_g2', partition: 'bo', transaction_id: 96, global_position: 960 },
    ]);
  });

  it('leaves no checkpoint anywhere else', async () => {
    const { rows } = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name = 'global_position' ORDER BY table_name`,
    );
    expect(rows).toEqual([{ table_name: 'processor_checkpoints', column_name: 'global_position' }]);
  });
});
