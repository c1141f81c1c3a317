import { describe, expect, it } from 'vitest';
import { InvalidAppendError, WrongExpectedVersionError, type AppendManyOutcome } from '../index.js';
import type { StoreTraits, StoreUnderTest } from './index.js';
import { event, events, newStream } from './helpers.js';

async function refusal(attempt: Promise<unknown>): Promise<WrongExpectedVersionError> {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  return error as WrongExpectedVersionError;
}

const failed = (outcome: AppendManyOutcome | undefined) => (outcome && !outcome.ok ? outcome.error : undefined);

export function appendingContract(subject: () => StoreUnderTest, traits: StoreTraits): void {
  const store = () => subject().store;

  describe('expected version', () => {
    it('any: appends to a new and to an existing stream', async () => {
      const id = newStream();
      await expect(store().append(id, [event()], { expectedVersion: 'any' })).resolves.toMatchObject({ next_expected_version: 1 });
      await expect(store().append(id, events(2))).resolves.toMatchObject({ next_expected_version: 3 });
    });

    it('no_stream: appends to a new stream, refuses an existing one', async () => {
      const id = newStream();
      await expect(store().append(id, [event()], { expectedVersion: 'no_stream' })).resolves.toMatchObject({ next_expected_version: 1 });
      const error = await refusal(store().append(id, [event()], { expectedVersion: 'no_stream' }));
      expect(error).toMatchObject({ stream_id: id, expected: 'no_stream', actual: 1 });
    });

    it('stream_exists: refuses a new stream, appends to an existing one', async () => {
      const id = newStream();
      const error = await refusal(store().append(id, [event()], { expectedVersion: 'stream_exists' }));
      expect(error).toMatchObject({ stream_id: id, expected: 'stream_exists', actual: 0 });
      await store().append(id, [event()]);
      await expect(store().append(id, [event()], { expectedVersion: 'stream_exists' })).resolves.toMatchObject({ next_expected_version: 2 });
    });

    it('exact: appends at that version only, and reports the actual one', async () => {
      const id = newStream();
      await expect(store().append(id, events(2), { expectedVersion: 0 })).resolves.toMatchObject({ next_expected_version: 2 });
      await expect(store().append(id, [event()], { expectedVersion: 2 })).resolves.toMatchObject({ next_expected_version: 3 });
      expect(await refusal(store().append(id, [event()], { expectedVersion: 2 }))).toMatchObject({ stream_id: id, expected: 2, actual: 3 });
      expect(await refusal(store().append(id, [event()], { expectedVersion: 4 }))).toMatchObject({ actual: 3 });
      expect(await refusal(store().append(newStream(), [event()], { expectedVersion: 1 }))).toMatchObject({ expected: 1, actual: 0 });
    });

    it(traits.denseGlobalPositions ? 'a refused append writes nothing and burns no global position' : 'a refused append writes nothing', async () => {
      const [id, other] = [newStream(), newStream()];
      const before = await store().append(id, [event()]);
      await refusal(store().append(id, events(3), { expectedVersion: 'no_stream' }));
      await refusal(store().append(newStream(), events(3), { expectedVersion: 'stream_exists' }));
      const after = await store().append(other, [event()]);
      if (traits.denseGlobalPositions) expect(after.last_global_position).toBe(before.last_global_position + 1);
      else expect(after.last_global_position).toBeGreaterThan(before.last_global_position);
      expect(await store().readStream(id)).toMatchObject({ version: 1, events: [{ stream_position: 1 }] });
    });

    it('refuses malformed input before writing anything', async () => {
      const id = newStream();
      await expect(store().append(id, [{ ...event(), event_id: 'not-a-uuid' }])).rejects.toBeInstanceOf(InvalidAppendError);
      await expect(store().append('', [event()])).rejects.toBeInstanceOf(InvalidAppendError);
      expect((await store().readStream(id)).version).toBe(0);
    });
  });

  describe('idempotency by event id', () => {
    it('appending an event id the stream holds stores nothing and returns the first result', async () => {
      const id = newStream();
      const once = event('Once');
      const first = await store().append(id, [once], { expectedVersion: 'no_stream' });
      expect(first).toMatchObject({ next_expected_version: 1, last_transaction_id: expect.any(Number) });
      expect(await store().append(id, [once], { expectedVersion: 'no_stream' })).toEqual(first);
      expect(await store().append(id, [once])).toEqual(first);
      expect((await store().readStream(id)).events.map((e) => e.event_id)).toEqual([once.event_id]);
    });

    it('a batch retried after a timeout is a no-op, even once the stream has moved on', async () => {
      const id = newStream();
      const batch = events(3);
      const first = await store().append(id, batch, { expectedVersion: 0 });
      await store().append(id, [event()], { expectedVersion: 3 });
      expect(await store().append(id, batch, { expectedVersion: 0 })).toEqual(first);
      expect(await store().appendMany([{ streamId: id, events: batch, expectedVersion: 0 }])).toEqual([{ ok: true, result: first }]);
      expect((await store().readStream(id)).version).toBe(4);
    });

    it('an event id repeated within one append or one appendMany is stored once', async () => {
      const id = newStream();
      const twice = event('Twice');
      expect(await store().append(id, [twice, twice])).toMatchObject({ next_expected_version: 1 });
      const again = event('Again');
      const [a, b] = await store().appendMany([
        { streamId: id, events: [again], expectedVersion: 1 },
        { streamId: id, events: [again], expectedVersion: 1 },
      ]);
      expect(a).toMatchObject({ ok: true, result: { next_expected_version: 2 } });
      expect(b).toEqual(a);
      expect((await store().readStream(id)).events.map((e) => e.type)).toEqual(['Twice', 'Again']);
    });

    it('event ids are per stream: the same id may open another stream', async () => {
      const shared = event();
      await store().append(newStream(), [shared]);
      const other = newStream();
      await store().append(other, [shared]);
      expect((await store().readStream(other)).version).toBe(1);
    });
  });

  describe('appendMany', () => {
    it('commits the items that hold and reports a conflict on its own item only', async () => {
      const [fresh, taken, existing] = [newStream(), newStream(), newStream()];
      await store().append(taken, [event()]);
      await store().append(existing, [event()]);
      const outcomes = await store().appendMany([
        { streamId: fresh, events: events(2), expectedVersion: 'no_stream' },
        { streamId: taken, events: [event()], expectedVersion: 'no_stream' },
        { streamId: existing, events: [event()], expectedVersion: 1 },
      ]);
      expect(outcomes[0]).toMatchObject({ ok: true, result: { next_expected_version: 2 } });
      expect(failed(outcomes[1])).toMatchObject({ stream_id: taken, expected: 'no_stream', actual: 1 });
      expect(failed(outcomes[1])).toBeInstanceOf(WrongExpectedVersionError);
      expect(outcomes[2]).toMatchObject({ ok: true, result: { next_expected_version: 2 } });
      expect((await store().readStream(taken)).version).toBe(1);
      expect((await store().readStream(fresh)).version).toBe(2);
    });

    it(traits.atomicBatches ? 'commits all its items in one transaction' : 'commits its items in order', async () => {
      const outcomes = await store().appendMany([newStream(), newStream(), newStream()].map((streamId) => ({ streamId, events: [event()] })));
      if (traits.atomicBatches) {
        const transactions = new Set(outcomes.map((o) => o.ok && o.result.last_transaction_id));
        expect(transactions.size).toBe(1);
        expect([...transactions][0]).toEqual(expect.any(Number));
      } else {
        const positions = outcomes.map((o) => (o.ok ? o.result.last_global_position : Number.NaN));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        expect(new Set(positions).size).toBe(3);
      }
    });

    it('applies several items for one stream in order', async () => {
      const id = newStream();
      const outcomes = await store().appendMany([
        { streamId: id, events: [event('First')], expectedVersion: 'no_stream' },
        { streamId: id, events: [event('Second')], expectedVersion: 1 },
        { streamId: id, events: [event('Stale')], expectedVersion: 1 },
        { streamId: id, events: [event('Third')], expectedVersion: 'stream_exists' },
      ]);
      expect(outcomes.map((o) => o.ok)).toEqual([true, true, false, true]);
      expect(failed(outcomes[2])).toMatchObject({ actual: 2 });
      const stream = await store().readStream(id);
      expect(stream.events.map((e) => [e.stream_position, e.type])).toEqual([[1, 'First'], [2, 'Second'], [3, 'Third']]);
    });

    it('an empty batch, and an item without events, write nothing', async () => {
      expect(await store().appendMany([])).toEqual([]);
      const id = newStream();
      expect(await store().append(id, [], { expectedVersion: 'no_stream' })).toEqual({
        next_expected_version: 0,
        last_global_position: 0,
        position: { transaction_id: 0, global_position: 0 },
      });
      await refusal(store().append(id, [], { expectedVersion: 'stream_exists' }));
      expect(await store().readStream(id)).toEqual({ version: 0, events: [] });
    });
  });
}
