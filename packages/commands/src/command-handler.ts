import { randomUUID } from 'node:crypto';
import type { Decider } from '@memctx/domain';
import { WrongExpectedVersionError, type AppendResult, type EventStore } from '@memctx/event-store';
import type { AppendBatcher } from './append-batcher.js';
import { createKeyedLock } from '@memctx/shared';

interface StreamEvent {
  type: string;
  data: object;
}

interface CachedStream<State> {
  state: State;
  version: number;
}

export interface HandleOptions {
  /** Deterministic ids for an idempotent retry: the store keeps one copy of an event id per stream. */
  eventIds?: (index: number) => string;
  metadata?: Record<string, unknown>;
}

export interface Handled<Event> {
  events: Event[];
  /** Undefined when the decider produced no events (nothing appended). */
  append: AppendResult | undefined;
}

const MAX_ATTEMPTS = 4;

/**
 * Loads a stream's state (from a bounded cache, else by folding its events),
 * decides, and appends with the version it decided on. A conflict means
 * another process wrote the stream meanwhile: the cache entry is dropped and
 * the command decided again on fresh state.
 */
export function createCommandHandler<State, Command, Event extends StreamEvent>(
  store: EventStore,
  batcher: AppendBatcher,
  decider: Decider<State, Command, Event>,
  options: { cacheSize?: number } = {},
) {
  const cacheSize = options.cacheSize ?? 50_000;
  const cache = new Map<string, CachedStream<State>>();
  const withLock = createKeyedLock();

  function remember(streamId: string, entry: CachedStream<State>): void {
    cache.delete(streamId);
    cache.set(streamId, entry);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
  }

  async function load(streamId: string): Promise<CachedStream<State>> {
    const cached = cache.get(streamId);
    if (cached) return cached;
    const { version, events } = await store.readStream(streamId);
    const state = events.reduce((current, event) => decider.evolve(current, { type: event.type, data: event.data } as Event), decider.initialState());
    return { state, version };
  }

  async function handle(streamId: string, command: Command, handleOptions: HandleOptions = {}): Promise<Handled<Event>> {
    return withLock(streamId, async () => {
      for (let attempt = 1; ; attempt++) {
        const current = await load(streamId);
        const events = decider.decide(command, current.state);
        if (events.length === 0) {
          remember(streamId, current);
          return { events, append: undefined };
        }
        const outcome = await batcher.append({
          streamId,
          expectedVersion: current.version === 0 ? 'no_stream' : current.version,
          events: events.map((event, index) => ({
            event_id: handleOptions.eventIds?.(index) ?? randomUUID(),
            type: event.type,
            data: event.data as Record<string, unknown>,
            metadata: handleOptions.metadata,
          })),
        });
        if (outcome.ok) {
          const state = events.reduce(decider.evolve, current.state);
          remember(streamId, { state, version: outcome.result.next_expected_version });
          return { events, append: outcome.result };
        }
        cache.delete(streamId);
        if (!(outcome.error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw outcome.error;
      }
    });
  }

  return { handle, load, forget: (streamId: string) => cache.delete(streamId) };
}

