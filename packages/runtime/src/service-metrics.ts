import type { Db } from '@memctx/db';
import type { EventStore } from '@memctx/event-store';
import { projectionStatus, type Projection } from '@memctx/projections';
import { embeddingBacklog, pendingDocuments } from '@memctx/read-models';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What request handlers report; the gauges read the database themselves when scraped. */
export interface ServiceMetrics {
  sipBuilt(seconds: number, tokensSaved: number): void;
  roundIngested(): void;
}

// A scrape every few seconds from several Prometheus servers should not mean a count(*) each time.
const GAUGE_CACHE_MS = 5_000;

function cached<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > GAUGE_CACHE_MS) {
      last = { at: Date.now(), value: read() };
      last.value.catch(() => (last = undefined));
    }
    return last.value;
  };
}

/**
 * The metrics people alert on, in Prometheus naming. Every memctx metric of the
 * service is defined here (the relay's and the document worker's stay with them);
 * the embedding backlog is the one gauge of it, for the API and any other role.
 */
export function createServiceMetrics(registry: Registry, sources: { db: Db; store: EventStore; projections: readonly Projection[] }): ServiceMetrics {
  const statuses = cached(() => projectionStatus(sources.db, sources.store, sources.projections));
  const backlog = cached(() => embeddingBacklog(sources.db));
  const pending = cached(() => pendingDocuments(sources.db));

  new Gauge({
    name: 'memctx_projection_lag_events',
    help: 'Events in the feed that the active generation of a projection has not applied yet.',
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      for (const status of await statuses()) if (status.status === 'active') this.set({ projection: status.name }, status.lagEvents);
    },
  });
  new Gauge({
    name: 'memctx_projection_lag_seconds',
    help: 'Age of the oldest event a projection has not applied yet (0 when caught up).',
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      for (const status of await statuses()) if (status.status === 'active') this.set({ projection: status.name }, status.lagSeconds);
    },
  });
  new Gauge({
    name: 'memctx_embedding_backlog',
    help: 'Memory records without an embedding yet (embedding IS NULL).',
    registers: [registry],
    async collect() {
      this.set(await backlog());
    },
  });
  new Gauge({
    name: 'memctx_queue_depth',
    help: 'Jobs accepted and not finished, by queue (documents: sources still pending).',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.set({ queue: 'documents' }, await pending());
    },
  });
  const sipSeconds = new Histogram({
    name: 'memctx_sip_build_duration_seconds',
    help: 'Time to build a SIP: retrieval, ranking, composition and recording the build.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const tokensSaved = new Counter({
    name: 'memctx_tokens_saved_total',
    help: 'Tokens SIPs saved against the no-memory baseline (baseline minus SIP, never negative).',
    registers: [registry],
  });
  const rounds = new Counter({ name: 'memctx_rounds_ingested_total', help: 'Rounds stored by this API process.', registers: [registry] });

  return {
    sipBuilt(seconds, saved) {
      sipSeconds.observe(seconds);
      tokensSaved.inc(Math.max(0, saved));
    },
    roundIngested: () => rounds.inc(),
  };
}
