import type { Db } from '@memctx/db';
import type { EventStore } from '@memctx/event-store';
import { handledEvents } from '@memctx/projections';
import { createCheckpointStore, followFeed, FOLLOW_DEFAULTS, processor, type Following, type Processor } from '@memctx/processors';
import type { DocumentQueue } from './jobs.js';

/**
 * Turns each DocumentIngestRequested of the feed into a job. The checkpoint
 * moves only after the queue took the jobs, so while Redis is down requests
 * wait in the event store (nothing lost) and go out when it is back; a job may
 * be added twice, which the queue's per-request job id makes one job. It has its
 * own checkpoint, so projection rebuilds never re-add jobs.
 */
export function documentDispatcher(db: Db, queue: DocumentQueue, name = 'documents'): Processor {
  return processor({
    name: `dispatcher:${name}`,
    checkpoints: createCheckpointStore(db),
    async handle(events) {
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
    },
  });
}

export type Dispatcher = Following;

export function runDispatcher(
  db: Db,
  store: EventStore,
  queue: DocumentQueue,
  options: { idleWaitMs?: number; onError?: (error: unknown) => void } = {},
): Dispatcher {
  return followFeed(documentDispatcher(db, queue), store, {
    idleWaitMs: options.idleWaitMs ?? 250,
    errorWaitMs: FOLLOW_DEFAULTS.errorWaitMs,
    // A request seen an idle wait late only starts its job that much later: one look per notification will do.
    settleMs: 0,
    onError: options.onError,
  });
}
