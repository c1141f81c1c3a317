import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendToStreamOptions,
  type EventData,
  type KurrentDBClient,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
} from '@kurrent/kurrentdb-client';

interface Stored {
  streamId: string;
  id: string;
  isJson: true;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position: Position;
}

/**
 * KurrentDB as far as the adapter relies on it, for tests without a server:
 * positions are growing byte offsets with commit = prepare, reads from a
 * position include the event at it, a missing stream throws on read, and a
 * retried batch is recognised only at an exact expected version. It is a
 * model, not the server: the contract suite against KURRENTDB_URL decides.
 */
export function createFakeKurrentDb() {
  const all: Stored[] = [];
  const streams = new Map<string, Stored[]>();
  const subscribers = new Set<EventEmitter>();
  let offset = 1_000n;
  const later = () => new Promise((resolve) => setTimeout(resolve, Math.random() < 0.5 ? 0 : 1));
  const compare = (a: Position, b: Position) => (a.commit === b.commit ? Number(a.prepare - b.prepare) : Number(a.commit - b.commit));

  function write(streamId: string, events: { id: string; type: string; data: unknown; metadata: unknown }[]): Stored[] {
    const stream = streams.get(streamId) ?? [];
    streams.set(streamId, stream);
    return events.map((event) => {
      offset += 50n + BigInt(Math.floor(Math.random() * 100));
      const stored: Stored = {
        ...structuredClone(event),
        streamId,
        isJson: true,
        revision: BigInt(stream.length),
        created: new Date(),
        position: { commit: offset, prepare: offset },
      };
      stream.push(stored);
      all.push(stored);
      if (!stored.type.startsWith('$')) for (const subscriber of subscribers) setImmediate(() => subscriber.emit('data', { event: stored }));
      return stored;
    });
  }

  const client = {
    readStream(streamId: string, { direction = 'forwards', fromRevision = 'start', maxCount = Number.MAX_SAFE_INTEGER }: ReadStreamOptions = {}) {
      return (async function* () {
        await later();
        const stream = streams.get(streamId);
        if (!stream) throw new StreamNotFoundError(undefined, streamId);
        let events = direction === 'backwards' ? [...stream].reverse() : stream;
        if (typeof fromRevision === 'bigint') events = events.filter((e) => (direction === 'backwards' ? e.revision <= fromRevision : e.revision >= fromRevision));
        for (const event of events.slice(0, Number(maxCount))) yield { event };
      })();
    },
    readAll({ direction = 'forwards', fromPosition = 'start', maxCount = Number.MAX_SAFE_INTEGER, filter }: ReadAllOptions = {}) {
      return (async function* () {
        await later();
        let events = filter && 'regex' in filter ? all.filter((e) => new RegExp(filter.regex).test(e.type)) : all;
        if (direction === 'backwards') events = [...events].reverse();
        if (typeof fromPosition === 'object') events = events.filter((e) => (direction === 'backwards' ? compare(e.position, fromPosition) <= 0 : compare(e.position, fromPosition) >= 0));
        for (const event of events.slice(0, Number(maxCount))) yield { event };
      })();
    },
    async appendToStream(streamId: string, events: EventData[], { streamState = 'any' }: AppendToStreamOptions = {}) {
      await later();
      const stream = streams.get(streamId) ?? [];
      const at = streamState === 'no_stream' ? 0 : typeof streamState === 'bigint' ? Number(streamState) + 1 : undefined;
      if (at !== undefined && at < stream.length && events.every((e, i) => stream[at + i]?.id === e.id)) {
        return { success: true, nextExpectedRevision: BigInt(at + events.length - 1) };
      }
      const holds =
        streamState === 'any' ||
        (streamState === 'no_stream' && stream.length === 0) ||
        (streamState === 'stream_exists' && stream.length > 0) ||
        streamState === BigInt(stream.length - 1);
      if (!holds) {
        const current = stream.length === 0 ? 'no_stream' : BigInt(stream.length - 1);
        throw new WrongExpectedVersionError(undefined, { streamName: streamId, expected: streamState, current });
      }
      const stored = write(streamId, events);
      // Like the server, the append's own position is not its last event's.
      return { success: true, nextExpectedRevision: stored[stored.length - 1]!.revision, position: stored[0]!.position };
    },
    subscribeToAll() {
      const subscription = Object.assign(new EventEmitter(), {
        unsubscribe: async () => void subscribers.delete(subscription),
      });
      subscribers.add(subscription);
      setTimeout(() => subscription.emit('confirmation'), 1);
      return subscription;
    },
    dispose: async () => undefined,
  };

  return {
    client: client as unknown as KurrentDBClient,
    /** Writes as another application or the server itself would. */
    write: (streamId: string, type = 'Foreign') => write(streamId, [{ id: randomUUID(), type, data: {}, metadata: {} }])[0]!,
  };
}
