import { projectionStatus } from '@memctx/projections';
import { embeddingBacklog } from '@memctx/read-models';
import { ROLES, type Role } from '@memctx/shared';
import { databaseCheck, type HealthCheck, type HealthChecks } from './health.js';
import type { Runtime } from './runtime.js';

/** Projections this far behind are reported degraded (still serving, reads may wait). */
const DEGRADED_LAG_EVENTS = 10_000;

/**
 * The checks of a process running `roles`: the database and the event store always; the projections and
 * the embedding backlog where they are built or read (projector, api); the queue where jobs are added or run
 * (worker, api). The API answers for the whole deployment, so it reports every check.
 */
export function runtimeHealthChecks(runtime: Runtime, roles: readonly Role[] = ROLES): HealthChecks {
  const eventStore: HealthCheck = async () => {
    const head = await runtime.store.head();
    return { status: 'ok', detail: `head at position ${head.global_position}` };
  };
  // BullMQ pings Redis (a throw is reported as down with its message); the in-process queue is always there.
  const queue: HealthCheck = async () => ({ status: 'ok', detail: await runtime.documents.queue.ping() });
  const projections: HealthCheck = async () => {
    const statuses = await projectionStatus(runtime.db, runtime.store, runtime.projections);
    const lag = Math.max(0, ...statuses.map((s) => s.lagEvents));
    const missing = statuses.filter((s) => s.status === 'missing').map((s) => s.name);
    if (missing.length > 0) return { status: 'down', detail: `no read model for ${missing.join(', ')}`, lag };
    return { status: lag > DEGRADED_LAG_EVENTS ? 'degraded' : 'ok', lag };
  };
  // Records not embedded yet are still found by full text, so a backlog degrades nothing it reports as down.
  const embeddings: HealthCheck = async () => {
    if (!runtime.embedder) return { status: 'ok', detail: 'embeddings off (MEMCTX_EMBEDDINGS=off): full text and recency only' };
    const lag = await embeddingBacklog(runtime.db);
    return { status: lag > DEGRADED_LAG_EVENTS ? 'degraded' : 'ok', detail: `${lag} records waiting for an embedding`, lag };
  };
  const runs = (...some: Role[]) => some.some((role) => roles.includes(role));
  return {
    database: databaseCheck(runtime.db),
    event_store: eventStore,
    ...(runs('api', 'worker') ? { queue } : {}),
    ...(runs('api', 'projector') ? { projections, embeddings } : {}),
  };
}
