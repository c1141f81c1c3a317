import type { ShreddingPolicy } from '../src/index.js';

/** For the contract suite: every field of every event is sealed (under a key per event type), so each case goes through seal and open. */
export const sealEverything: ShreddingPolicy = {
  sealedFieldsOf: (event) => ({
    sessions: [{ userId: 'contract', sessionId: event.type }],
    fields: Object.fromEntries(Object.keys(event.data).map((field) => [field, null])),
  }),
  destroys: () => undefined,
};
