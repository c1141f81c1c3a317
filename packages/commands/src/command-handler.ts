import { randomUUID } from 'node:crypto';
import { parseEventOf, serializeEvent, type Decider, type EventOf, type EventType } from '@memctx/domain';
import { readStreamBack, WrongExpectedVersionError, type AppendResult, type EventStore } from '@memctx/event-store';
import { createKeyedLock, inSpan, inSpanSync, withTraceContext } from '@memctx/shared';
import type { AppendBatcher } from './append-batcher.js';
import { mustReread, tryDecide, type StateSource } from './cached-decision.js';
import type { Span, StageTimer } from '@memctx/shared';

export interface CachedStream<State> {
  state: State;
  version: number;
}

export interface LoadedStream<State> extends CachedStream<State> {
  source: StateSource;
}

export interface HandleOptions {
  /** Deterministic ids for an idempotent retry: the store keeps one copy of an event id per stream. */
  eventIds?: (index: number) => string;
  metadata?: Record<string, unknown>;
  /** Hears `decide` (waiting for the stream, loading its state, deciding) and the batcher's stages. */
  onStage?: StageTimer;
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
 * the command decided again on fresh state. A refusal or a no-op decided on
 * cached state is decided again on the stored stream first (see mustReread).
 * `eventTypes` are the types the decider's stream holds: what a load parses its events as.
 */
export function createCommandHandler<State, Command, T extends EventType>(
  store: EventStore,
  batcher: AppendBatcher,
  decider: Decider<State, Command, EventOf<T>>,
  eventTypes: readonly T[],
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

  const startsOver = new Set(decider.startsOverAt ?? []);
  async function read(streamId: string): Promise<LoadedStream<State>> {
    const { version, events } = startsOver.size > 0
      ? await readStreamBack(store, streamId, (event) => startsOver.has(event.type))
      : await store.readStream(streamId);
    // Parsed (and upcast) like every read of stored events, and typed as the decider's own events.
    const parsed = events.map((event) => parseEventOf(eventTypes, event.type, event.data, event.schema_version));
    const state = parsed.reduce(decider.evolve, decider.initialState());
    return { state, version, source: 'store' };
  }

  async function load(streamId: string): Promise<LoadedStream<State>> {
    const cached = cache.get(streamId);
    return cached ? { ...cached, source: 'cache' } : read(streamId);
  }

  /** State that `accepts`; a cached state it rejects is read again from the store, as another process may have moved it on. */
  async function loadAccepted(streamId: string, accepts: (state: State) => boolean): Promise<CachedStream<State>> {
    const loaded = await load(streamId);
    if (loaded.source === 'store' || accepts(loaded.state)) return loaded;
    cache.delete(streamId);
    return read(streamId);
  }

  const loadInSpan = (work: () => Promise<LoadedStream<State>>) =>
    inSpan('command load', {}, async (span) => {
      const loaded = await work();
      span.setAttributes({ 'memctx.state.source': loaded.source, 'memctx.stream.version': loaded.version });
      return loaded;
    });
  const decideInSpan = (command: Command, state: State) =>
    inSpanSync('command decide', {}, (span) => {
      const decision = tryDecide(decider, command, state);
      span.setAttribute('memctx.decision', decision.kind);
      return decision;
    });
  /** The group commit's span links to this one, the span that waited for it. */
  const appendInSpan = (...args: Parameters<AppendBatcher['append']>) =>
    inSpan('command append', {}, async (span) => {
      const outcome = await batcher.append(...args);
      // A conflict is decided again, not thrown, so the span says which it was.
      if (!outcome.ok) span.setAttribute('memctx.append.error', outcome.error.name);
      return outcome;
    });

  /**
   * One span per command (`command <type>`: waiting for the stream, then per attempt a child span `command load`,
   * `command decide` and `command append`, the last waiting for the group commit); the events it appends carry its context.
   */
  function handle(streamId: string, command: Command, handleOptions: HandleOptions = {}): Promise<Handled<EventOf<T>>> {
    const type = (command as { type?: unknown }).type;
    return inSpan(`command ${typeof type === 'string' ? type : 'unknown'}`, {}, (span) => handleInSpan(streamId, command, handleOptions, span));
  }

  async function handleInSpan(
    streamId: string,
    command: Command,
    handleOptions: HandleOptions,
    span: Span,
  ): Promise<Handled<EventOf<T>>> {
    const started = performance.now();
    return withLock(streamId, async () => {
      for (let attempt = 1; ; attempt++) {
        let current = await loadInSpan(() => load(streamId));
        let decision = decideInSpan(command, current.state);
        if (mustReread(current.source, decision)) {
          cache.delete(streamId);
          current = await loadInSpan(() => read(streamId));
          decision = decideInSpan(command, current.state);
        }
        if (decision.kind !== 'append') remember(streamId, { state: current.state, version: current.version });
        if (decision.kind === 'refused') throw decision.error;
        if (decision.kind === 'nothing') {
          return { events: [], append: undefined };
        }
        const { events } = decision;
        span.setAttribute('memctx.events', events.length);
        span.setAttribute('memctx.attempt', attempt);
        const metadata = withTraceContext(handleOptions.metadata);
        if (attempt === 1) handleOptions.onStage?.('decide', performance.now() - started);
        const outcome = await appendInSpan({
          streamId,
          expectedVersion: current.version === 0 ? 'no_stream' : current.version,
          events: events.map((event, index) => ({
            ...serializeEvent(event),
            event_id: handleOptions.eventIds?.(index) ?? randomUUID(),
            metadata,
          })),
        }, handleOptions.onStage);
        if (outcome.ok) {
          // Where the events landed in the feed: what the embedding filler's span names of the records it fills.
          span.setAttribute('memctx.global_position', outcome.result.last_global_position);
          const state = events.reduce(decider.evolve, current.state);
          remember(streamId, { state, version: outcome.result.next_expected_version });
          return { events, append: outcome.result };
        }
        cache.delete(streamId);
        if (!(outcome.error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw outcome.error;
      }
    });
  }

  return { handle, load, loadAccepted, forget: (streamId: string) => cache.delete(streamId) };
}

