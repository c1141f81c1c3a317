import { randomUUID } from 'node:crypto';
import { START, type EventToAppend } from '@memctx/event-store';
import { describe, expect, it } from 'vitest';
import { createKurrentDbEventStore, endOfAll } from '../src/index.js';
import { toCheckpoint } from '../src/positions.js';
import { createFakeKurrentDb } from './fake-kurrentdb.js';

// What the adapter adds on top of KurrentDB, checked against a model of the server (fake-kurrentdb.ts).
const event = (type = 'Tested'): EventToAppend => ({ event_id: randomUUID(), type, data: {} });

describe('the feed', () => {
  it('shows only our events after feedStart, never system events', async () => {
    const fake = createFakeKurrentDb();
    fake.write('earlier-run');
    fake.write('$stats-node', '$statsCollected');
    const store = createKurrentDbEventStore({ client: fake.client, feedStart: await endOfAll(fake.client) });
    expect(await store.head()).toEqual(START);
    expect(await store.readAll({ after: START, maxCount: 10 })).toEqual([]);

    await store.append('s', [event('A')]);
    fake.write('$stats-node', '$statsCollected');
    fake.write('$ce-s', 'NotAType$'); // a system stream, whatever its event type
    const b = await store.append('s', [event('B')]);
    fake.write('$stats-node', '$statsCollected');

    expect((await store.readAll({ after: START, maxCount: 10 })).map((e) => e.type)).toEqual(['A', 'B']);
    expect(await store.head()).toEqual(b.position);
    expect(await store.countAfter(START)).toBe(2);
    expect(await store.readAll({ after: b.position, maxCount: 10 })).toEqual([]);
  });

  it('pages past system events to fill a page', async () => {
    const fake = createFakeKurrentDb();
    const store = createKurrentDbEventStore({ client: fake.client });
    for (let n = 0; n < 5; n++) {
      await store.append('s', [event()]);
      for (let k = 0; k < 4; k++) fake.write(`$stats-${k}`);
    }
    const first = await store.readAll({ after: START, maxCount: 3 });
    expect(first.map((e) => e.stream_position)).toEqual([1, 2, 3]);
    expect((await store.readAll({ after: first[2]!, maxCount: 3 })).map((e) => e.stream_position)).toEqual([4, 5]);
  });

  it('wakes an onAppended listener on an append, until unsubscribed', async () => {
    const fake = createFakeKurrentDb();
    const store = createKurrentDbEventStore({ client: fake.client });
    let woken = 0;
    const unsubscribe = await store.onAppended(() => woken++);
    await store.append('s', [event()]);
    await expect.poll(() => woken).toBe(1);
    await unsubscribe();
    await store.append('s', [event()]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(woken).toBe(1);
  });
});

describe('idempotency beyond what KurrentDB recognises', () => {
  it('finds a retried batch at its exact expected version however far the stream has moved', async () => {
    const fake = createFakeKurrentDb();
    const store = createKurrentDbEventStore({ client: fake.client, idempotencyWindow: 1 });
    const batch = [event(), event(), event()];
    const first = await store.append('s', batch, { expectedVersion: 0 });
    await store.append('s', [event(), event()]);
    expect(await store.append('s', batch, { expectedVersion: 0 })).toEqual(first);
    expect(await store.append('s', batch, { expectedVersion: 'no_stream' })).toEqual(first);
    expect((await store.readStream('s')).version).toBe(5);
  });

  it('appends only the new events of a partly stored batch', async () => {
    const fake = createFakeKurrentDb();
    const store = createKurrentDbEventStore({ client: fake.client });
    const held = event('Held');
    await store.append('s', [held]);
    expect(await store.append('s', [held, event('New')], { expectedVersion: 1 })).toMatchObject({ next_expected_version: 2 });
    expect((await store.readStream('s')).events.map((e) => e.type)).toEqual(['Held', 'New']);
  });

  it('stores concurrent copies of one batch once, with expected version any', async () => {
    const fake = createFakeKurrentDb();
    const store = createKurrentDbEventStore({ client: fake.client });
    const batch = [event(), event()];
    const results = await Promise.all(Array.from({ length: 5 }, () => store.append('s', batch)));
    for (const result of results) expect(result).toEqual(results[0]);
    expect((await store.readStream('s')).version).toBe(2);
  });

  it("answers with the batch's last event's position, not the append's own", async () => {
    const fake = createFakeKurrentDb();
    const store = createKurrentDbEventStore({ client: fake.client });
    const result = await store.append('s', [event(), event()]);
    const [, last] = (await store.readStream('s')).events;
    expect(result.position).toEqual(toCheckpoint({ commit: BigInt(last!.transaction_id), prepare: BigInt(last!.global_position) }));
  });
});
