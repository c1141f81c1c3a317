import { projectionStatus } from '@memctx/projections';
import { embeddingBacklog } from '@memctx/read-models';
import type { Runtime } from '@memctx/runtime';
import { databaseCheck, type HealthChecks } from '../health/checks.js';

/** Projections this far behind are reported degraded (still serving, reads may wait). */
const DEGRADED_LAG_EVENTS = 10_000;

export function runtimeHealthChecks(runtime: Runtime): HealthChecks {
  return {
    database: databaseCheck(runtime.db),
    event_store: async () => {
      const head = await runtime.store.head();
      return { status: 'ok', detail: `head at position ${head.global_position}` };
    },
    // BullMQ pings Redis (a throw is reported as down with its message); the in-process queue is always there.
    queue: async () => ({ status: 'ok', detail: await runtime.documents.queue.ping() }),
    projections: async () => {
      const statuses = await projectionStatus(runtime.db, runtime.store, runtime.projections);
      const lag = Math.max(0, ...statuses.map((s) => s.lagEvents));
      const missing = statuses.filter((s) => s.status === 'missing').map((s) => s.name);
      if (missing.length > 0) return { status: 'down', detail: `no read model for ${missing.join(', ')}`, lag };
      return { status: lag > DEGRADED_LAG_EVENTS ? 'degraded' : 'ok', lag };
    },
    // Records not embedded yet are still found by full text, so a backlog degrades nothing it reports as down.
    embeddings: async () => {
      if (!runtime.embedder) return { status: 'ok', detail: 'embeddings off (MEMCTX_EMBEDDINGS=off): full text and recency only' };
      const lag = await embeddingBacklog(runtime.db);
      return { status: lag > DEGRADED_LAG_EVENTS ? 'degraded' : 'ok', detail: `${lag} records waiting for an embedding`, lag };
    },
  };
}
