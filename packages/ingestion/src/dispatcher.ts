import { migrate, type Db } from '@memctx/db';
import { checkpointOf, createCheckpointStore, type EventStore } from '@memctx/event-store';
import { handledEvents } from '@memctx/projections';
import { runProcessorLoop } from '@memctx/shared';
import type { DocumentQueue } from './jobs.js';

export async function migrateDispatcher(db: Db): Promise<void> {
  await migrate(db, 'dispatcher', [
    {
      id: '0001_dispatcher_checkpoints',
      sql: `CREATE TABLE dispatcher_checkpoints (
        name text PRIMARY KEY,
        transaction_id bigint NOT NULL,
        global_position bigint NOT NULL
      )`,
    },
    { id: '0002_dispatcher_checkpoints_updated_at', sql: 'ALTER TABLE dispatcher_checkpoints ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()' },
  ]);
}

const checkpoints = (db: Db) => createCheckpointStore(db, 'dispatcher_checkpoints');

/**
 * Turns each DocumentIngestRequested of the feed into a job. The checkpoint
 * moves only after the queue took the jobs, so while Redis is down requests
 * wait in the event store (nothing lost) and go out when it is back; a job may
 * be added twice, which the queue's per-request job id makes one job. It has its
 * own checkpoint, so projection rebuilds never re-add jobs.
 */
export async function dispatchOnce(db: Db, store: EventStore, queue: DocumentQueue, name = 'documents', batchSize = 500): Promise<number> {
  const after = await checkpoints(db).load(name);
  const events = await store.readAll({ after, maxCount: batchSize });
  if (events.length === 0) return 0;
  // Parsed like a projection's events: a request the code cannot read stops the dispatcher instead of queueing a bad job.
  for (const { data } of handledEvents(['DocumentIngestRequested'], events)) {
    await queue.add({
      userId: data.user_id,
      sourceId: data.source_id,
      requestId: data.request_id,
      connectorType: data.connector_type,
      externalId: data.external_id,
    });
  }
  await checkpoints(db).save(name, checkpointOf(events[events.length - 1]!));
  return events.length;
}

export interface Dispatcher {
  stop(): Promise<void>;
}

export function runDispatcher(
  db: Db,
  store: EventStore,
  queue: DocumentQueue,
  options: { idleWaitMs?: number; onError?: (error: unknown) => void } = {},
): Dispatcher {
  return runProcessorLoop({
    step: async () => (await dispatchOnce(db, store, queue)) > 0,
    idleWaitMs: options.idleWaitMs ?? 250,
    errorWaitMs: 1_000,
    onError: options.onError,
    wakeOn: (wake) => store.onAppended(wake),
  });
}
