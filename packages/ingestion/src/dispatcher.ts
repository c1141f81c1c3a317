import { migrate, type Db } from '@memctx/db';
import type { DocumentIngestRequested } from '@memctx/domain';
import { START, type Checkpoint, type EventStore } from '@memctx/event-store';
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
  ]);
}

async function loadCheckpoint(db: Db, name: string): Promise<Checkpoint> {
  const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
    'SELECT transaction_id, global_position FROM dispatcher_checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? { transaction_id: Number(rows[0].transaction_id), global_position: Number(rows[0].global_position) } : START;
}

async function saveCheckpoint(db: Db, name: string, checkpoint: Checkpoint): Promise<void> {
  await db.query(
    `INSERT INTO dispatcher_checkpoints (name, transaction_id, global_position) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position`,
    [name, checkpoint.transaction_id, checkpoint.global_position],
  );
}

/**
 * Turns each DocumentIngestRequested of the feed into a job. The checkpoint
 * moves only after the queue took the jobs, so while Redis is down requests
 * wait in the event store (nothing lost) and go out when it is back; a job may
 * be added twice, which the queue's per-request job id makes one job. It has its
 * own checkpoint, so projection rebuilds never re-add jobs.
 */
export async function dispatchOnce(db: Db, store: EventStore, queue: DocumentQueue, name = 'documents', batchSize = 500): Promise<number> {
  const after = await loadCheckpoint(db, name);
  const events = await store.readAll({ after, maxCount: batchSize });
  if (events.length === 0) return 0;
  for (const event of events) {
    if (event.type !== 'DocumentIngestRequested') continue;
    const data = event.data as unknown as DocumentIngestRequested['data'];
    await queue.add({
      userId: data.user_id,
      sourceId: data.source_id,
      requestId: data.request_id,
      connectorType: data.connector_type,
      externalId: data.external_id,
    });
  }
  const last = events[events.length - 1]!;
  await saveCheckpoint(db, name, { transaction_id: last.transaction_id, global_position: last.global_position });
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
  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  let unlisten: (() => Promise<void>) | undefined;
  const loop = (async () => {
    unlisten = await store.onAppended(() => wake?.());
    while (!stopped) {
      try {
        if ((await dispatchOnce(db, store, queue)) === 0) await sleep(options.idleWaitMs ?? 250);
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        await sleep(1_000);
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await unlisten?.();
    },
  };
}
