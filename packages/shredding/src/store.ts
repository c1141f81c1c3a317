import { appendOne, type EventStore } from '@memctx/event-store';
import { createShredder, type Shredder, type ShredderOptions } from './shredder.js';

export interface ShreddingEventStore extends EventStore {
  /** The same logic for events that did not come through this store (a Kafka topic). */
  readonly shredder: Shredder;
}

/**
 * The event store with crypto-shredding at its boundary: personal fields are
 * sealed on the way in and opened on the way out, so deciders and projections
 * see plain events while the store (and whatever copies it, like the relay)
 * holds only ciphertext. The inner store is untouched and still usable as it is.
 */
export function withShredding(store: EventStore, options: ShredderOptions | { shredder: Shredder }): ShreddingEventStore {
  const shredder = 'shredder' in options ? options.shredder : createShredder(options);
  const appendMany: EventStore['appendMany'] = async (items) => store.appendMany(await shredder.seal(items));
  return {
    shredder,
    appendMany,
    append: (streamId, events, appendOptions) => appendOne(appendMany, streamId, events, appendOptions),
    async readStream(streamId, readOptions) {
      const result = await store.readStream(streamId, readOptions);
      return { ...result, events: await shredder.open(result.events) };
    },
    readAll: async (readOptions) => shredder.open(await store.readAll(readOptions)),
    head: () => store.head(),
    countAfter: (after) => store.countAfter(after),
    onAppended: (listener) => store.onAppended(listener),
  };
}
