import { migrate, type Db, type Queryable } from '@memctx/db';
import { START, checkpointOf, compareCheckpoints, type Checkpoint, type RecordedEvent } from '@memctx/event-store';
import { createCheckpointStore } from '@memctx/processors';
import { applyHandled, type Projection } from './projection.js';
import { activeGeneration, lockGeneration, withCheckpoints } from './generations.js';
import { inBatchSpan } from './batch-span.js';

/**
 * Projections fed by a partitioned log (Kafka) instead of the feed. A partition
 * carries every stream of its keys in feed order, but partitions interleave
 * freely and a relay restart re-delivers events, so there is no single
 * checkpoint: each stream remembers the feed position of the last event applied
 * to it (per generation), and an event is applied only past both that and the
 * generation's own checkpoint (what a feed runner or a rebuild already applied).
 * Feed positions, not stream positions, because appends with expected version
 * "any" may reach the feed out of stream-position order.
 */
export async function migrateStreamGuards(db: Db): Promise<void> {
  await migrate(db, 'projection_stream_guards', [
    {
      id: '0001_projection_stream_checkpoints',
      sql: `CREATE TABLE projection_stream_checkpoints (
        name text NOT NULL,
        generation int NOT NULL,
        stream_id text NOT NULL,
        partition_key text NOT NULL,
        transaction_id bigint NOT NULL,
        global_position bigint NOT NULL,
        PRIMARY KEY (name, generation, stream_id)
      );
      CREATE INDEX projection_stream_checkpoints_key ON projection_stream_checkpoints (name, generation, partition_key);`,
    },
  ]);
}

export interface PartitionBatchOutcome {
  applied: number;
  skipped: number;
  generation: number;
}

/**
 * Applies one partition's batch to the projection's active generation in one
 * transaction with the stream guards. The advisory lock per (projection,
 * partition) serialises the two consumers that briefly share a partition during
 * a rebalance; the shared row lock lets partitions apply side by side while a
 * rebuild's switch-over (which locks the row for update) waits for them.
 */
export function applyPartitionBatch(
  db: Db,
  projection: Projection,
  partition: number,
  events: readonly RecordedEvent[],
  partitionKey: (event: RecordedEvent) => string,
): Promise<PartitionBatchOutcome> {
  return inBatchSpan(projection.name, events, async (span) => {
    const outcome = await applyToActiveGeneration(db, projection, partition, events, partitionKey);
    span.setAttributes({ 'memctx.events_applied': outcome.applied, 'memctx.events_skipped': outcome.skipped });
    return outcome;
  }, { 'memctx.partition': partition });
}

async function applyToActiveGeneration(...[db, projection, partition, events, partitionKey]: Parameters<typeof applyPartitionBatch>): Promise<PartitionBatchOutcome> {
  for (;;) {
    const generation = await activeGeneration(db, projection.name);
    if (!generation) throw new Error(`projection ${projection.name} has no active generation`);
    const outcome = await db.transaction(async (tx): Promise<PartitionBatchOutcome | undefined> => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [`memctx:partition:${projection.name}`, partition]);
      if ((await lockGeneration(tx, projection.name, generation.generation, 'share')) !== 'active') return undefined;
      const base = await createCheckpointStore(tx).load(generation.schemaName);
      const guards = await loadGuards(tx, projection.name, generation.generation, [...new Set(events.map((e) => e.stream_id))]);
      const fresh: RecordedEvent[] = [];
      for (const event of events) {
        const guard = guards.get(event.stream_id) ?? START;
        if (compareCheckpoints(event, base) <= 0 || compareCheckpoints(event, guard) <= 0) continue;
        guards.set(event.stream_id, checkpointOf(event));
        fresh.push(event);
      }
      await applyHandled(tx, projection, generation.schemaName, fresh);
      if (fresh.length > 0) await saveGuards(tx, projection.name, generation.generation, fresh, partitionKey);
      return { applied: fresh.length, skipped: events.length - fresh.length, generation: generation.generation };
    });
    // A rebuild switched generations between our read and our lock: apply to the new one.
    if (outcome) return outcome;
  }
}

async function loadGuards(tx: Queryable, name: string, generation: number, streams: readonly string[]): Promise<Map<string, Checkpoint>> {
  const { rows } = await tx.query<{ stream_id: string; transaction_id: number; global_position: number }>(
    `SELECT stream_id, transaction_id, global_position FROM projection_stream_checkpoints
     WHERE name = $1 AND generation = $2 AND stream_id = ANY($3::text[])`,
    [name, generation, streams],
  );
  return new Map(rows.map((row) => [row.stream_id, { transaction_id: Number(row.transaction_id), global_position: Number(row.global_position) }]));
}

async function saveGuards(
  tx: Queryable,
  name: string,
  generation: number,
  fresh: readonly RecordedEvent[],
  partitionKey: (event: RecordedEvent) => string,
): Promise<void> {
  const last = new Map<string, RecordedEvent>();
  for (const event of fresh) last.set(event.stream_id, event);
  const rows = [...last.values()];
  await tx.query(
    `INSERT INTO projection_stream_checkpoints (name, generation, stream_id, partition_key, transaction_id, global_position)
     SELECT $1, $2, s, k, t, g FROM unnest($3::text[], $4::text[], $5::bigint[], $6::bigint[]) AS u(s, k, t, g)
     ON CONFLICT (name, generation, stream_id) DO UPDATE
       SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position`,
    [name, generation, rows.map((e) => e.stream_id), rows.map(partitionKey), rows.map((e) => e.transaction_id), rows.map((e) => e.global_position)],
  );
}

/**
 * How far each partition key (user) has been projected by every named projection:
 * per projection the later of the generation's checkpoint and the key's newest
 * stream guard, then the lowest over the projections. A key's events share one
 * partition in feed order, so its newest guard says that all its earlier events
 * were consumed. Keys never consumed get the generations' lowest checkpoint.
 */
export async function partitionKeyPositions(db: Queryable, names: readonly string[], keys: readonly string[]): Promise<Map<string, Checkpoint>> {
  const { rows: generations } = await db.query<{ name: string; generation: number; transaction_id: number; global_position: number }>(
    `${withCheckpoints} WHERE g.status = 'active' AND g.name = ANY($1::text[])`,
    [names],
  );
  const { rows: guards } = await db.query<{ name: string; partition_key: string; transaction_id: number; global_position: number }>(
    `SELECT DISTINCT ON (s.name, s.partition_key) s.name, s.partition_key, s.transaction_id, s.global_position
     FROM projection_stream_checkpoints s
     JOIN projection_generations g ON g.name = s.name AND g.generation = s.generation AND g.status = 'active'
     WHERE s.name = ANY($1::text[]) AND s.partition_key = ANY($2::text[])
     ORDER BY s.name, s.partition_key, s.transaction_id DESC, s.global_position DESC`,
    [names, keys],
  );
  const guardOf = new Map(guards.map((row) => [`${row.name}\u0000${row.partition_key}`, { transaction_id: Number(row.transaction_id), global_position: Number(row.global_position) }]));
  const positions = new Map<string, Checkpoint>();
  if (generations.length < names.length) return positions;
  for (const key of keys) {
    let lowest: Checkpoint | undefined;
    for (const generation of generations) {
      const base = { transaction_id: Number(generation.transaction_id), global_position: Number(generation.global_position) };
      const guard = guardOf.get(`${generation.name}\u0000${key}`) ?? START;
      const reached = compareCheckpoints(guard, base) > 0 ? guard : base;
      if (!lowest || compareCheckpoints(reached, lowest) < 0) lowest = reached;
    }
    positions.set(key, lowest!);
  }
  return positions;
}
