import { createInMemoryEventStore } from '@memctx/event-store';
import { eventStoreContract } from './contract.js';

eventStoreContract('in-memory', {
  supportsConcurrentTransactions: false,
  open: async () => ({ store: createInMemoryEventStore(), close: async () => undefined }),
});
