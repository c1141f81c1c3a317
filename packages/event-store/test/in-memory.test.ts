import { createInMemoryEventStore } from '@memctx/event-store';
import { eventStoreContract } from './contract.js';

eventStoreContract('in-memory', async () => ({ store: createInMemoryEventStore(), close: async () => undefined }));
