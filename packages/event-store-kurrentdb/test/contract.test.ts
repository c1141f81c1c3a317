import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { describe } from 'vitest';
import { createKurrentDbEventStore, endOfAll } from '../src/index.js';
import { eventStoreContract, type EventStoreFactory } from '@memctx/event-store/contract';

const url = process.env.KURRENTDB_URL;

const factory: EventStoreFactory = {
  // One append is one KurrentDB write; the suite cannot hold one open as it does a PostgreSQL transaction.
  supportsConcurrentTransactions: false,
  // $all positions are log offsets (commit = prepare per event), and appendMany writes item by item.
  denseGlobalPositions: false,
  atomicBatches: false,
  async open() {
    const client = KurrentDBClient.connectionString(url!);
    // The suite expects its store to start empty, and a server's $all never is (earlier runs, system
    // streams): the store under test sees only what is written after this point. Streams are fresh per test.
    const feedStart = await endOfAll(client).catch((error: Error) => {
      throw new Error(`KurrentDB at ${url} did not answer (${error.message})`, { cause: error });
    });
    const store = createKurrentDbEventStore({ client, feedStart });
    return { store, close: () => client.dispose() };
  },
};

if (url) {
  eventStoreContract('KurrentDB', factory);
} else {
  // No KurrentDB server runs on the development and CI machines; positions.unit.test.ts and store.unit.test.ts still run.
  process.stderr.write('KurrentDB contract suite skipped: set KURRENTDB_URL=kurrentdb://host:2113?tls=false to run it against a server\n');
  describe.skip('KurrentDB (KURRENTDB_URL not set)', () => eventStoreContract('KurrentDB', factory));
}
