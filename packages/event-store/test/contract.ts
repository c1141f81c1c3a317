import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  START,
  WrongExpectedVersionError,
  checkpointOf,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
} from '@memctx/event-store';

export interface StoreUnderTest {
  store: EventStore;
  /** Present where two transactions can be open at once (a PostgreSQL server). */
  interleave?: InterleavingHarness;
  close(): Promise<void>;
}

/** Drives two appends on separate connections in a chosen order. */
export interface InterleavingHarness {
  /** Opens a transaction and appends, without committing. */
  begin(streamId: string, events: EventToAppend[]): Promise<{ commit(): Promise<void> }>;
}

const ev = (type = 'Tested', data: Record<string, unknown> = {}): EventToAppend => ({ event_id: randomUUID(), type, data });
const stream = () => `test-${randomUUID()}`;

async function readEverything(store: EventStore, after = START): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await store.readAll({ after: cursor, maxCount: 1000 });
    if (page.length === 0) return out;
    out.push(...page);
    cursor = checkpointOf(page[page.length - 1]!);
  }
}

/** One suite, run against every EventStore implementation. */
export function eventStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`EventStore contract: ${name}`, () => {
    let subject: StoreUnderTest;
    let store: EventStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(() => subject.close());

    describe('expected version', () => {
      it('no_stream succeeds on a new stream and fails on an existing one', async () => {
        const id = stream();
        await expect(store.append(id, [ev()], { expectedVersion: 'no_stream' })).resolves.toMatchObject({ next_expected_version: 1 });
        await expect(store.append(id, [ev()], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      });
      it('stream_exists fails on a new stream and succeeds on an existing one', async () => {
        const id = stream();
        await expect(store.append(id, [ev()], { expectedVersion: 'stream_exists' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await store.append(id, [ev()]);
        await expect(store.append(id, [ev()], { expectedVersion: 'stream_exists' })).resolves.toMatchObject({ next_expected_version: 2 });
      });
      it('an exact version succeeds when it matches and fails with the actual version otherwise', async () => {
        const id = stream();
        await store.append(id, [ev(), ev()], { expectedVersion: 'no_stream' });
        await expect(store.append(id, [ev()], { expectedVersion: 2 })).resolves.toMatchObject({ next_expected_version: 3 });
        const error = await store.append(id, [ev()], { expectedVersion: 2 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect((error as WrongExpectedVersionError).actual).toBe(3);
      });
      it('any always succeeds', async () => {
        const id = stream();
        await store.append(id, [ev()], { expectedVersion: 'any' });
        await expect(store.append(id, [ev()], { expectedVersion: 'any' })).resolves.toMatchObject({ next_expected_version: 2 });
      });
    });

    it('concurrent appends at the same expected version: exactly one wins, the rest conflict', async () => {
      const id = stream();
      await store.append(id, [ev()]);
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(id, [ev()], { expectedVersion: 1 })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected).toHaveLength(7);
      for (const r of rejected) expect(r.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(id)).version).toBe(2);
    });

    it('concurrent creators of one stream: exactly one wins', async () => {
      const id = stream();
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => store.append(id, [ev()], { expectedVersion: 'no_stream' })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await store.readStream(id)).events).toHaveLength(1);
    });

    it('stores an event id once, however often it is appended', async () => {
      const id = stream();
      const event = ev('Once');
      const first = await store.append(id, [event], { expectedVersion: 'no_stream' });
      const retry = await store.append(id, [event], { expectedVersion: 'no_stream' });
      expect(retry.position).toEqual(first.position);
      const [a, b] = await store.appendMany([
        { streamId: id, events: [event], expectedVersion: 0 },
        { streamId: id, events: [event] },
      ]);
      expect(a!.ok && b!.ok).toBe(true);
      expect((await store.readStream(id)).events.map((e) => e.event_id)).toEqual([event.event_id]);
    });

    it('reads a stream in order, from a position, with a limit', async () => {
      const id = stream();
      await store.append(id, [ev('A', { n: 1 }), ev('B', { n: 2 }), ev('C', { n: 3 })]);
      const all = await store.readStream(id);
      expect(all.version).toBe(3);
      expect(all.events.map((e) => [e.stream_position, e.type, e.data.n])).toEqual([[1, 'A', 1], [2, 'B', 2], [3, 'C', 3]]);
      expect((await store.readStream(id, { from: 2, maxCount: 1 })).events.map((e) => e.type)).toEqual(['B']);
      expect(await store.readStream(stream())).toEqual({ version: 0, events: [] });
    });

    it('pages through read-all by checkpoint without gaps or repeats', async () => {
      const before = await store.head();
      const id = stream();
      await store.append(id, Array.from({ length: 25 }, (_, n) => ev('Paged', { n })));
      const seen: number[] = [];
      let cursor = before;
      for (;;) {
        const page = await store.readAll({ after: cursor, maxCount: 7 });
        if (page.length === 0) break;
        seen.push(...page.filter((e) => e.stream_id === id).map((e) => e.data.n as number));
        cursor = checkpointOf(page[page.length - 1]!);
      }
      expect(seen).toEqual(Array.from({ length: 25 }, (_, n) => n));
      expect(await store.countAfter(before)).toBeGreaterThanOrEqual(25);
      expect(await store.countAfter(await store.head())).toBe(0);
    });

    it('appendMany applies each item on its own: a conflict fails only its item', async () => {
      const [ok, taken] = [stream(), stream()];
      await store.append(taken, [ev()]);
      const outcomes = await store.appendMany([
        { streamId: ok, events: [ev(), ev()], expectedVersion: 'no_stream' },
        { streamId: taken, events: [ev()], expectedVersion: 'no_stream' },
      ]);
      expect(outcomes[0]).toMatchObject({ ok: true, result: { next_expected_version: 2 } });
      expect(outcomes[1]!.ok).toBe(false);
      expect(!outcomes[1]!.ok && outcomes[1]!.error).toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(ok)).version).toBe(2);
      expect((await store.readStream(taken)).version).toBe(1);
    });

    it('a subscription delivers every event once, in order, and wakes on append before its poll interval', async () => {
      const start = await store.head();
      const id = stream();
      const received: RecordedEvent[] = [];
      let arrived!: () => void;
      const allArrived = new Promise<void>((resolve) => (arrived = resolve));
      const subscription = store.subscribe({
        after: start,
        pollIntervalMs: 60_000,
        batchSize: 3,
        onBatch: async (events) => {
          received.push(...events.filter((e) => e.stream_id === id));
          if (received.length >= 10) arrived();
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const began = Date.now();
      await store.append(id, Array.from({ length: 10 }, (_, n) => ev('Sub', { n })));
      await allArrived;
      expect(Date.now() - began).toBeLessThan(10_000);
      await subscription.stop();
      expect(received.map((e) => e.data.n)).toEqual(Array.from({ length: 10 }, (_, n) => n));
    });

    it('a failing handler stops the subscription and surfaces the error', async () => {
      await store.append(stream(), [ev()]);
      const subscription = store.subscribe({ after: START, onBatch: async () => { throw new Error('handler broke'); } });
      await expect(subscription.done).rejects.toThrow('handler broke');
    });

    it('10 concurrent writers x 1,000 events: read-all returns every event exactly once', async () => {
      const before = await store.head();
      const writers = Array.from({ length: 10 }, () => stream());
      await Promise.all(
        writers.map(async (id) => {
          for (let batch = 0; batch < 10; batch++) {
            await store.append(id, Array.from({ length: 100 }, (_, n) => ev('Load', { n: batch * 100 + n })));
          }
        }),
      );
      const events = (await readEverything(store, before)).filter((e) => writers.includes(e.stream_id));
      expect(events).toHaveLength(10_000);
      expect(new Set(events.map((e) => e.event_id)).size).toBe(10_000);
      for (const id of writers) {
        const mine = events.filter((e) => e.stream_id === id).map((e) => e.data.n);
        expect(mine).toEqual(Array.from({ length: 1000 }, (_, n) => n));
      }
    }, 120_000);

    it.runIf(!!subjectInterleaves(open))(
      'a transaction that took the lower position but commits last is delivered, in commit-safe order, none skipped',
      async () => {
        const harness = subject.interleave!;
        const start = await store.head();
        const [slow, fast] = [stream(), stream()];
        const txA = await harness.begin(slow, [ev('A')]); // takes its transaction id and position first
        const txB = await harness.begin(fast, [ev('B')]);
        await txB.commit(); // B commits first, with the higher position
        const whileAOpen = await store.readAll({ after: start, maxCount: 100 });
        expect(whileAOpen.filter((e) => e.stream_id === slow || e.stream_id === fast)).toEqual([]);
        // A reader that had advanced past B here would skip A forever; the xmin gate holds B back.
        await txA.commit();
        const after = (await store.readAll({ after: start, maxCount: 100 })).filter((e) => e.stream_id === slow || e.stream_id === fast);
        expect(after.map((e) => e.type)).toEqual(['A', 'B']);
        expect(after[0]!.global_position).toBeLessThan(after[1]!.global_position);
      },
    );
  });
}

/** Vitest decides runIf at registration time, before beforeAll; the factory's capability is declared with it. */
const interleaving = new WeakSet<() => Promise<StoreUnderTest>>();
export function withInterleaving(open: () => Promise<StoreUnderTest>): () => Promise<StoreUnderTest> {
  interleaving.add(open);
  return open;
}
function subjectInterleaves(open: () => Promise<StoreUnderTest>): boolean {
  return interleaving.has(open);
}
