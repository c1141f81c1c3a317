import type { Db, Queryable } from '@memctx/db';
import type { Checkpoint, EventStore } from '@memctx/event-store';
import type { EventPublisher } from '@memctx/kafka';
import { createCheckpointStore, followFeed, FOLLOW_DEFAULTS, migrateCheckpoints, processor } from '@memctx/processors';
import { inSpan, traceLinks } from '@memctx/shared';
import { Counter, Gauge, type Registry } from 'prom-client';

export interface RelayOptions {
  db: Db;
  store: EventStore;
  publisher: EventPublisher;
  /** Names the checkpoint: one per destination topic. */
  name?: string;
  /** Events per publish (default RELAY_DEFAULTS). */
  batchSize?: number;
  /** The sleep when the feed has nothing new (default RELAY_DEFAULTS); an append notification cuts it short. */
  pollIntervalMs?: number;
  metrics?: Registry;
  onError?: (error: unknown) => void;
}

export interface RelayHandle {
  /** The position of the last event the broker acknowledged. */
  checkpoint(): Checkpoint;
  stop(): Promise<void>;
}

export const RELAY_DEFAULTS = { batchSize: 1_000, pollIntervalMs: 500 } as const;

/** The relay's processor is named after its topic: its checkpoint is apart from projections', so a rebuild never moves it. */
const processorName = (topic: string) => `relay:${topic}`;

export const loadRelayCheckpoint = (db: Queryable, topic: string): Promise<Checkpoint> => createCheckpointStore(db).load(processorName(topic));

/**
 * Publishes the event feed, in feed order, to the publisher. The checkpoint moves
 * only after the broker acknowledged a batch, so a crash never skips an event; the
 * Kafka publisher skips what a crashed relay wrote past its checkpoint.
 */
export async function startRelay(options: RelayOptions): Promise<RelayHandle> {
  const { db, store, publisher } = options;
  await migrateCheckpoints(db);
  const relay = processor({
    name: processorName(options.name ?? 'kafka'),
    checkpoints: createCheckpointStore(db),
    // A root span per batch, linked to the spans that appended its events (their metadata's trace context).
    handle: (events) =>
      inSpan('relay publish', { root: true, links: traceLinks(events.map((event) => event.metadata)), attributes: { 'memctx.events': events.length } }, () =>
        publisher.publish(events)),
  });
  let checkpoint = await relay.position();

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

  const following = followFeed(relay, store, {
    batchSize: options.batchSize ?? RELAY_DEFAULTS.batchSize,
    idleWaitMs: options.pollIntervalMs ?? RELAY_DEFAULTS.pollIntervalMs,
    // A broker or database outage: try again from the checkpoint after the usual pause, not the shorter poll.
    errorWaitMs: FOLLOW_DEFAULTS.errorWaitMs,
    onError: options.onError,
    onBatch(batch) {
      checkpoint = batch.checkpoint;
      published.inc(batch.events.length);
    },
  });

  return {
    checkpoint: () => checkpoint,
    async stop() {
      await following.stop();
      if (options.metrics) {
        options.metrics.removeSingleMetric('memctx_relay_published_events_total');
        options.metrics.removeSingleMetric('memctx_relay_lag_events');
      }
    },
  };
}
