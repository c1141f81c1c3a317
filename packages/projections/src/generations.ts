import { migrate, type Db, type Queryable } from '@memctx/db';
import { START, type Checkpoint } from '@memctx/event-store';
import { createCheckpointStore, migrateCheckpoints } from '@memctx/processors';
import type { Projection } from './projection.js';

export type GenerationStatus = 'building' | 'active' | 'retired';

/** A generation's checkpoint lives in processor_checkpoints, under its schema's name (the processor that fills it). */
export interface Generation {
  name: string;
  generation: number;
  version: number;
  status: GenerationStatus;
  schemaName: string;
  checkpoint: Checkpoint;
}

interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  status: GenerationStatus;
  schema_name: string;
  transaction_id: number;
  global_position: number;
}

export async function migrateGenerations(db: Db): Promise<void> {
  await migrateCheckpoints(db);
  await migrate(db, 'projections', [
    {
      id: '0001_projection_generations',
      sql: `CREATE TABLE projection_generations (
        name text NOT NULL,
        generation int NOT NULL,
        version int NOT NULL,
        status text NOT NULL CHECK (status IN ('building', 'active', 'retired')),
        schema_name text NOT NULL,
        transaction_id bigint NOT NULL DEFAULT 0,
        global_position bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, generation)
      );
      CREATE UNIQUE INDEX projection_generations_one_active ON projection_generations (name) WHERE status = 'active';`,
    },
    {
      id: '0002_generation_checkpoints_in_processor_checkpoints',
      sql: `INSERT INTO processor_checkpoints (processor, partition, transaction_id, global_position, updated_at)
        SELECT schema_name, '', transaction_id, global_position, updated_at FROM projection_generations ON CONFLICT DO NOTHING;
      ALTER TABLE projection_generations DROP COLUMN transaction_id, DROP COLUMN global_position;`,
    },
    {
      // Kafka-fed projectors kept a checkpoint per stream (with its user); a user's events share a topic partition
      // in feed order, so the newest of their streams' checkpoints is the user's.
      id: '0003_kafka_checkpoints_per_user',
      sql: `DO $$
      BEGIN
        IF to_regclass('projection_stream_checkpoints') IS NOT NULL THEN
          INSERT INTO processor_checkpoints (processor, partition, transaction_id, global_position)
            SELECT DISTINCT ON (g.schema_name, s.partition_key) g.schema_name, s.partition_key, s.transaction_id, s.global_position
            FROM projection_stream_checkpoints s JOIN projection_generations g ON g.name = s.name AND g.generation = s.generation
            ORDER BY g.schema_name, s.partition_key, s.transaction_id DESC, s.global_position DESC
            ON CONFLICT DO NOTHING;
          DROP TABLE projection_stream_checkpoints;
        END IF;
      END $$`,
    },
  ]);
}

function toGeneration(row: GenerationRow): Generation {
  return {
    name: row.name,
    generation: row.generation,
    version: row.version,
    status: row.status,
    schemaName: row.schema_name,
    checkpoint: { transaction_id: row.transaction_id, global_position: row.global_position },
  };
}

/** Generations with their checkpoints, for a WHERE clause over `g` to follow. */
export const withCheckpoints = `SELECT g.name, g.generation, g.version, g.status, g.schema_name,
    COALESCE(c.transaction_id, 0) AS transaction_id, COALESCE(c.global_position, 0) AS global_position
  FROM projection_generations g LEFT JOIN processor_checkpoints c ON c.processor = g.schema_name AND c.partition = ''`;

export async function listGenerations(db: Queryable, name?: string): Promise<Generation[]> {
  const { rows } = await db.query<GenerationRow>(`${withCheckpoints} WHERE ($1::text IS NULL OR g.name = $1) ORDER BY g.name, g.generation`, [name ?? null]);
  return rows.map(toGeneration);
}

export async function activeGeneration(db: Queryable, name: string): Promise<Generation | undefined> {
  const { rows } = await db.query<GenerationRow>(`${withCheckpoints} WHERE g.name = $1 AND g.status = 'active'`, [name]);
  return rows[0] ? toGeneration(rows[0]) : undefined;
}

/**
 * Locks a generation row for the rest of the transaction and returns its status: batches and switch-overs never
 * overlap (a shared lock lets the lanes of one batch, or Kafka partitions, apply side by side). Whoever moves a live
 * generation's checkpoint holds the row locked for update, so a checkpoint read after this sees the latest one (a
 * rebuild's lanes move their building generation's between batches, when nothing else reads it).
 */
export async function lockGeneration(tx: Queryable, name: string, generation: number, mode: 'update' | 'share' = 'update'): Promise<GenerationStatus | undefined> {
  const { rows } = await tx.query<{ status: GenerationStatus }>(
    `SELECT status FROM projection_generations WHERE name = $1 AND generation = $2 FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'}`,
    [name, generation],
  );
  return rows[0]?.status;
}

export function schemaNameFor(name: string, generation: number): string {
  return `rm_${name}_g${generation}`;
}

/**
 * Creates the next generation's schema and tables, empty and not yet visible to readers.
 * An active generation gets its secondary indexes at once; a building one gets them
 * from createIndexes after its bulk load.
 */
export async function createGeneration(db: Db, projection: Projection, status: 'building' | 'active'): Promise<Generation> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`memctx:projection:${projection.name}`]);
    if (status === 'active') {
      // A concurrent starter may have created it while we waited for the lock.
      const current = await activeGeneration(tx, projection.name);
      if (current) return current;
    }
    const { rows } = await tx.query<{ next: number }>(
      'SELECT COALESCE(max(generation), 0) + 1 AS next FROM projection_generations WHERE name = $1',
      [projection.name],
    );
    const generation = rows[0]!.next;
    const schemaName = schemaNameFor(projection.name, generation);
    // Leftovers of a generation of that number whose row is gone would be mistaken for this one's.
    await tx.exec(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE; CREATE SCHEMA ${schemaName};`);
    await createCheckpointStore(tx).remove(schemaName);
    await tx.exec(`SET LOCAL search_path TO ${schemaName}, public;\n${projection.schemaSql}`);
    if (status === 'active' && projection.indexSql) await tx.exec(projection.indexSql);
    await tx.query(
      `INSERT INTO projection_generations (name, generation, version, status, schema_name) VALUES ($1, $2, $3, $4, $5)`,
      [projection.name, generation, projection.version, status, schemaName],
    );
    if (status === 'active') await exposeViews(tx, projection, schemaName);
    return { name: projection.name, generation, version: projection.version, status, schemaName, checkpoint: START };
  });
}

/**
 * Drops a generation whose rebuild failed (its tables, checkpoint and row), so it neither lingers nor is mistaken
 * for a rebuild in progress; false when it is no longer `building` (switched over, or already dropped).
 */
export async function discardGeneration(db: Db, name: string, generation: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await lockGeneration(tx, name, generation)) !== 'building') return false;
    const schemaName = schemaNameFor(name, generation);
    await tx.exec(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await createCheckpointStore(tx).remove(schemaName);
    await tx.query('DELETE FROM projection_generations WHERE name = $1 AND generation = $2', [name, generation]);
    return true;
  });
}

/**
 * Retires a generation a switch-over replaced, inside the switch-over's transaction: its row stays (as `retired`, so a
 * batch that locks it takes no more), its checkpoints go with it, the whole feed's and any Kafka partition's.
 */
export async function retireGeneration(tx: Queryable, generation: Pick<Generation, 'name' | 'generation' | 'schemaName'>): Promise<void> {
  await tx.query(`UPDATE projection_generations SET status = 'retired', updated_at = now() WHERE name = $1 AND generation = $2`, [
    generation.name,
    generation.generation,
  ]);
  await createCheckpointStore(tx).remove(generation.schemaName);
}

export async function exposeViews(tx: Queryable, projection: Projection, schemaName: string): Promise<void> {
  for (const table of projection.tables) {
    await tx.exec(`DROP VIEW IF EXISTS public.${table}; CREATE VIEW public.${table} AS SELECT * FROM ${schemaName}.${table};`);
  }
}

/** Makes sure the projection has an active generation, creating the first one on a new database. */
export async function ensureActiveGeneration(db: Db, projection: Projection): Promise<Generation> {
  return (await activeGeneration(db, projection.name)) ?? createGeneration(db, projection, 'active');
}

/** Builds a generation's secondary indexes (a rebuild calls it once the bulk load has caught up). */
export async function createIndexes(db: Db, projection: Projection, schemaName: string): Promise<void> {
  if (!projection.indexSql) return;
  await db.transaction(async (tx) => {
    // More memory keeps GIN and HNSW builds in RAM; PGlite's single small heap keeps its default.
    if (db.supportsConcurrentTransactions) await tx.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
    await tx.exec(`SET LOCAL search_path TO ${schemaName}, public;\n${projection.indexSql}`);
  });
}
