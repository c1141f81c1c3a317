import type { Db } from '@memctx/db';
import { checkpointOf, feedWakeUps, type Checkpoint, type EventStore } from '@memctx/event-store';
import type { EventPublisher } from '@memctx/kafka';
import { inSpan, runProcessorLoop, traceLinks } from '@memctx/shared';
import { Counter, Gauge, type Registry } from 'prom-client';
import { migrateRelay, relayCheckpoints } from './checkpoint.js';

export interface RelayOptions {
  db: Db;
  store: EventStore;
  publisher: EventPublisher;
  /** Names the checkpoint: one per destination topic. */
  name?: string;
  batchSize?: number;
  pollIntervalMs?: number;
  metrics?: Registry;
  onError?: (error: unknown) => void;
}

export interface RelayHandle {
  /** The position of the last event the broker acknowledged. */
  checkpoint(): Checkpoint;
  stop(): Promise<void>;
}

const RESTART_DELAY_MS = 1_000;

/**
 * Publishes the event feed, in feed order, to the publisher. The checkpoint moves
 * only after the broker acknowledged a batch, so a crash at any point republishes
 * at most the last batch (duplicates, recognisable by event id) and never skips one.
 */
export async function startRelay(options: RelayOptions): Promise<RelayHandle> {
  const { db, store, publisher } = options;
  const name = options.name ?? 'kafka';
  await migrateRelay(db);
  const checkpoints = relayCheckpoints(db);
  let checkpoint = await checkpoints.load(name);
  const batchSize = options.batchSize ?? 1_000;

  const published = new Counter({ name: 'memctx_relay_published_events_total', help: 'Events the broker acknowledged', registers: [] });
  const lag = new Gauge({
    name: 'memctx_relay_lag_events',
    help: 'Events in the feed not yet acknowledged by the broker',
    registers: [],
    async collect() {
      this.set(await store.countAfter(checkpoint));
    },
  });
  options.metrics?.registerMetric(published);
  options.metrics?.registerMetric(lag);

  const loop = runProcessorLoop({
    async step() {
      const events = await store.readAll({ after: checkpoint, maxCount: batchSize });
      if (events.length === 0) return false;
      // A root span per batch, linked to the spans that appended its events (their metadata's trace context).
      await inSpan('relay publish', { root: true, links: traceLinks(events.map((event) => event.metadata)), attributes: { 'memctx.events': events.length } }, () =>
        publisher.publish(events));
      const next = checkpointOf(events[events.length - 1]!);
      await checkpoints.save(name, next);
      // Moved only now: a failed publish or save reads the same batch again on the next pass.
      checkpoint = next;
      published.inc(events.length);
      return events.length === batchSize;
    },
    ...feedWakeUps(store, options.pollIntervalMs ?? 500),
    // A broker or database outage: try again from the checkpoint after a pause.
    errorWaitMs: RESTART_DELAY_MS,
    onError: options.onError,
  });

  return {
    checkpoint: () => checkpoint,
    async stop() {
      await loop.stop();
      if (options.metrics) {
        options.metrics.removeSingleMetric('memctx_relay_published_events_total');
        options.metrics.removeSingleMetric('memctx_relay_lag_events');
      }
    },
  };
}
