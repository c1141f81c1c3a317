import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createPgliteDb } from '@memctx/db';
import { projectStream, serializeEvent, sessionStream, sourceStream, userStream, type DomainEvent } from '@memctx/domain';
import { createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { catchUp, ensureActiveGeneration, migrateGenerations, type Projection } from '@memctx/projections';

/** The stream the write side appends an event to, so stream positions (the projections' guards) are as in production. */
function streamOf({ data }: DomainEvent): string {
  if ('source_id' in data) return sourceStream(data.user_id, data.source_id);
  if ('build_id' in data) return userStream(data.user_id);
  if ('session_id' in data) return sessionStream(data.user_id, data.session_id);
  return projectStream(data.user_id, data.project_id);
}

/**
 * Given events, when events, then rows (as Emmett's projection specifications):
 * appends the events to a fresh PGlite store, runs one projection over the feed
 * and compares what a query of its views returns. `given` and `when` differ
 * only in how the spec reads; both are appended in order, each with the schema
 * version the write side stamps.
 */
export function projectionSpec(projection: Projection) {
  return {
    given: (...given: DomainEvent[]) => ({
      when: (...when: DomainEvent[]) => ({
        async then(query: string, expected: readonly Record<string, unknown>[]): Promise<void> {
          const db = await createPgliteDb();
          try {
            await migrateEventStore(db);
            await migrateGenerations(db);
            await ensureActiveGeneration(db, projection);
            const store = createPostgresEventStore(db);
            for (const event of [...given, ...when]) {
              await store.append(streamOf(event), [{ ...serializeEvent(event), event_id: randomUUID() }]);
            }
            await catchUp(db, store, [projection]);
            const { rows } = await db.query(query);
            expect(rows).toEqual(expected);
          } finally {
            await db.close();
          }
        },
      }),
    }),
  };
}
