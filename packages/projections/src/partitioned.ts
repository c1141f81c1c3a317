import type { Db, Queryable } from '@memctx/db';
import { START, compareCheckpoints, type Checkpoint, type RecordedEvent } from '@memctx/event-store';
import { createCheckpointStore, processor, type PartitionedOutcome } from '@memctx/processors';
import { applyHandled, type Projection } from './projection.js';
import { activeGeneration, lockGeneration, withCheckpoints } from './generations.js';
import { inBatchSpan } from './batch-span.js';

export interface PartitionBatchOutcome extends PartitionedOutcome {
  generation: number;
}

/**
 * Applies one Kafka partition's batch to the projection's active generation: the generation's processor handles
 * it partitioned by user (processPartitioned), each user's checkpoint the feed position of the last of their events
 * applied, since a topic partition carries each user's events in feed order while a relay restart re-delivers some.
 * The advisory lock per (projection, partition) serialises the two consumers that briefly share a partition during a
 * rebalance; the shared row lock lets partitions apply side by side while a rebuild's switch-over (which locks the
 * row for update) waits for them.
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
    span.setAttributes({ 'memctx.events_applied': outcome.handled, 'memctx.events_skipped': outcome.skipped });
    return outcome;
  }, { 'memctx.partition': partition });
}

async function applyToActiveGeneration(...[db, projection, partition, events, partitionKey]: Parameters<typeof applyPartitionBatch>): Promise<PartitionBatchOutcome> {
  for (;;) {
    const generation = await activeGeneration(db, projection.name);
    if (!generation) throw new Error(`projection ${projection.name} has no active generation`);
    const outcome = await processor({
      name: generation.schemaName,
      checkpoints: createCheckpointStore(db),
      db,
      async lock(tx) {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [`memctx:partition:${projection.name}`, partition]);
        return (await lockGeneration(tx, projection.name, generation.generation, 'share')) === 'active';
      },
      handle: (fresh, tx) => applyHandled(tx, projection, generation.schemaName, fresh),
    }).processPartitioned(events, partitionKey);
    // A rebuild switched generations between our read and our lock: apply to the new one.
    if (outcome) return { ...outcome, generation: generation.generation };
  }
}

/**
 * How far each partition key (user) has been projected by every named projection: per projection the later of the
 * active generation's checkpoint and the key's own, then the lowest over the projections. A key's events share one
 * partition in feed order, so its checkpoint says that all its earlier events were consumed. Keys never consumed
 * get the generations' lowest checkpoint.
 */
export async function partitionKeyPositions(db: Queryable, names: readonly string[], keys: readonly string[]): Promise<Map<string, Checkpoint>> {
  const { rows: generations } = await db.query<{ name: string; schema_name: string; transaction_id: number; global_position: number }>(
    `${withCheckpoints} WHERE g.status = 'active' AND g.name = ANY($1::text[])`,
    [names],
  );
  const { rows: reached } = await db.query<{ processor: string; partition: string; transaction_id: number; global_position: number }>(
    `SELECT processor, partition, transaction_id, global_position FROM processor_checkpoints WHERE processor = ANY($1::text[]) AND partition = ANY($2::text[])`,
    [generations.map((g) => g.schema_name), keys],
  );
  const reachedBy = new Map(reached.map((row) => [`${row.processor}\u0000${row.partition}`, { transaction_id: row.transaction_id, global_position: row.global_position }]));
  const positions = new Map<string, Checkpoint>();
  if (generations.length < names.length) return positions;
  for (const key of keys) {
    let lowest: Checkpoint | undefined;
    for (const generation of generations) {
      const base = { transaction_id: generation.transaction_id, global_position: generation.global_position };
      const own = reachedBy.get(`${generation.schema_name}\u0000${key}`) ?? START;
      const latest = compareCheckpoints(own, base) > 0 ? own : base;
      if (!lowest || compareCheckpoints(latest, lowest) < 0) lowest = latest;
    }
    positions.set(key, lowest!);
  }
  return positions;
}
