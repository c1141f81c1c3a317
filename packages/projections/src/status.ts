import type { Db } from '@memctx/db';
import type { EventStore } from '@memctx/event-store';
import type { Projection } from './projection.js';
import { listGenerations } from './generations.js';

export interface ProjectionStatus {
  name: string;
  generation: number | undefined;
  status: string;
  version: number | undefined;
  expectedVersion: number;
  checkpoint: number;
  head: number;
  lagEvents: number;
  lagSeconds: number;
}

/** Per projection: where it is, where the feed is, and how far behind in events and seconds. */
export async function projectionStatus(db: Db, store: EventStore, projections: readonly Projection[]): Promise<ProjectionStatus[]> {
  const head = await store.head();
  const generations = await listGenerations(db);
  const statuses: ProjectionStatus[] = [];
  for (const projection of projections) {
    const mine = generations.filter((g) => g.name === projection.name && g.status !== 'retired');
    if (mine.length === 0) {
      statuses.push({
        name: projection.name, generation: undefined, status: 'missing', version: undefined, expectedVersion: projection.version,
        checkpoint: 0, head: head.global_position, lagEvents: await store.countAfter({ transaction_id: 0, global_position: 0 }), lagSeconds: 0,
      });
      continue;
    }
    for (const generation of mine) {
      const lagEvents = await store.countAfter(generation.checkpoint);
      const oldest = lagEvents > 0 ? await store.readAll({ after: generation.checkpoint, maxCount: 1 }) : [];
      const lagSeconds = oldest[0] ? Math.max(0, (Date.now() - oldest[0].created_at.getTime()) / 1000) : 0;
      statuses.push({
        name: projection.name,
        generation: generation.generation,
        status: generation.status,
        version: generation.version,
        expectedVersion: projection.version,
        checkpoint: generation.checkpoint.global_position,
        head: head.global_position,
        lagEvents,
        lagSeconds,
      });
    }
  }
  return statuses;
}
