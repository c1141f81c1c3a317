import { afterAll, beforeAll, describe } from 'vitest';
import type { AppendManyOutcome, EventStore, EventToAppend } from '@memctx/event-store';
import { appendingContract } from './contract/appending.js';
import { concurrencyContract } from './contract/concurrency.js';
import { readingContract } from './contract/reading.js';
import { subscribingContract } from './contract/subscribing.js';

export interface StoreUnderTest {
  store: EventStore;
  /** Opens a transaction on a connection of its own and takes its transaction id. Only with concurrent transactions. */
  begin?(): Promise<OpenTransaction>;
  close(): Promise<void>;
}

export interface OpenTransaction {
  append(streamId: string, events: EventToAppend[]): Promise<AppendManyOutcome[]>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export interface EventStoreFactory {
  /** Known when tests are registered (before any hook runs): decides which cases exist. */
  supportsConcurrentTransactions: boolean;
  open(): Promise<StoreUnderTest>;
}

/** The one suite every EventStore adapter passes. Tests in a file run in order against one store. */
export function eventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(`EventStore contract: ${name}`, () => {
    let subject: StoreUnderTest | undefined;
    beforeAll(async () => {
      subject = await factory.open();
    });
    afterAll(() => subject?.close());
    const current = () => subject!;

    appendingContract(current);
    readingContract(current);
    subscribingContract(current);
    concurrencyContract(current, factory);
  });
}
