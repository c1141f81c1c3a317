import { createInMemoryEventStore } from '@memctx/event-store';
import { eventStoreContract } from '@memctx/event-store/contract';

eventStoreContract('in-memory', {
  supportsConcurrentTransactions: false,
  open: async () => ({ store: createInMemoryEventStore(), close: async () => undefined }),
});
