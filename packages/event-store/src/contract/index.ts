import { afterAll, beforeAll, describe } from 'vitest';
import type { AppendManyOutcome, EventStore, EventToAppend } from '../index.js';
import { appendingContract } from './appending.js';
import { concurrencyContract } from './concurrency.js';
import { readingContract } from './reading.js';
import { wakeUpContract } from './wake-ups.js';

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
  /**
   * What the store's positions promise beyond the interface (default true, as PostgreSQL and
   * in-memory do): global positions are consecutive (a refused append burns none), and one
   * append or appendMany is one transaction, so its events share a transaction id. KurrentDB's
   * positions are log offsets with one commit position per event, and its per-item appends are
   * separate writes, so the suite asserts order and per-item outcomes there instead.
   */
  denseGlobalPositions?: boolean;
  atomicBatches?: boolean;
  open(): Promise<StoreUnderTest>;
}

export interface StoreTraits {
  denseGlobalPositions: boolean;
  atomicBatches: boolean;
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

    const traits = { denseGlobalPositions: factory.denseGlobalPositions ?? true, atomicBatches: factory.atomicBatches ?? true };
    appendingContract(current, traits);
    readingContract(current, traits);
    wakeUpContract(current);
    concurrencyContract(current, factory);
  });
}
