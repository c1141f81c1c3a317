import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { START, checkpointOf, compareCheckpoints, readStreamBack, type ReadStreamOptions } from '../index.js';
import type { StoreTraits, StoreUnderTest } from './index.js';
import { event, events, expectStrictlyIncreasing, newStream, readAllAfter, untilReadable } from './helpers.js';

export function readingContract(subject: () => StoreUnderTest, traits: StoreTraits): void {
  const store = () => subject().store;

  describe('reading', () => {
    it('records every field of an event', async () => {
      const id = newStream();
      const eventId = randomUUID();
      const before = Date.now();
      await store().append(id, [
        { event_id: eventId, type: 'Full', data: { text: 'hé', nested: { list: [1, 'two', null] } }, metadata: { by: 'u1' }, schema_version: 3 },
        event('Defaults'),
      ]);
      const [full, defaults] = (await store().readStream(id)).events;
      expect(full).toEqual({
        global_position: expect.any(Number),
        transaction_id: expect.any(Number),
        stream_id: id,
        stream_position: 1,
        event_id: eventId,
        type: 'Full',
        schema_version: 3,
        data: { text: 'hé', nested: { list: [1, 'two', null] } },
        metadata: { by: 'u1' },
        created_at: expect.any(Date),
      });
      expect(full!.created_at.getTime()).toBeGreaterThan(before - 60_000);
      expect(defaults).toMatchObject({ stream_position: 2, schema_version: 1, metadata: {} });
      // One append is one transaction where batches are atomic; elsewhere each event commits at its own position.
      if (traits.atomicBatches) expect(defaults!.transaction_id).toBe(full!.transaction_id);
      else expect(defaults!.transaction_id).toBeGreaterThan(full!.transaction_id);
      expect(defaults!.global_position).toBeGreaterThan(full!.global_position);
    });

    it('reads a stream in order, from a position, up to a count', async () => {
      const id = newStream();
      await store().append(id, events(3, 'A'));
      await store().append(id, events(2, 'B'));
      const all = await store().readStream(id);
      expect(all.version).toBe(5);
      expect(all.events.map((e) => [e.stream_position, e.type])).toEqual([[1, 'A'], [2, 'A'], [3, 'A'], [4, 'B'], [5, 'B']]);
      const page = await store().readStream(id, { from: 3, maxCount: 2 });
      expect(page.version).toBe(5);
      expect(page.events.map((e) => e.stream_position)).toEqual([3, 4]);
      expect(await store().readStream(id, { from: 9 })).toEqual({ version: 5, events: [] });
      expect(await store().readStream(newStream())).toEqual({ version: 0, events: [] });
    });

    it('reads a stream\'s newest events with its version, or the version alone', async () => {
      const id = newStream();
      await store().append(id, events(5, 'A'));
      const positions = async (options: ReadStreamOptions) => (await store().readStream(id, options)).events.map((e) => e.stream_position);
      expect(await positions({ last: 2 })).toEqual([4, 5]);
      expect((await store().readStream(id, { last: 2 })).version).toBe(5);
      expect(await positions({ last: 9 })).toEqual([1, 2, 3, 4, 5]);
      expect(await positions({ last: 3, from: 4 })).toEqual([4, 5]);
      expect(await positions({ last: 3, maxCount: 1 })).toEqual([3]);
      expect(await store().readStream(id, { maxCount: 0 })).toEqual({ version: 5, events: [] });
      expect(await store().readStream(newStream(), { last: 4 })).toEqual({ version: 0, events: [] });
    });

    it('reads a stream back from its end to the newest event that starts it over', async () => {
      const id = newStream();
      // Starts over at positions 5 and 30 of 40: steps of 4, 8, 16 and 32 from the end meet position 30 in the
      // second and position 5 only in the fourth; steps of 7 (then 14, 28) cross the whole stream.
      for (let position = 1; position <= 40; position++) await store().append(id, [event(position === 5 || position === 30 ? 'Reset' : 'Step')]);
      const isReset = (e: { type: string }) => e.type === 'Reset';
      const fromLast = await readStreamBack(store(), id, isReset);
      expect(fromLast.version).toBe(40);
      expect(fromLast.events.map((e) => e.stream_position)).toEqual(Array.from({ length: 11 }, (_, i) => 30 + i));
      const early = await readStreamBack(store(), id, (e) => e.stream_position === 5);
      expect(early.events.map((e) => e.stream_position)).toEqual(Array.from({ length: 36 }, (_, i) => 5 + i));
      const whole = await readStreamBack(store(), id, () => false, 7);
      expect(whole).toEqual(await store().readStream(id));
      expect(await readStreamBack(store(), newStream(), isReset)).toEqual({ version: 0, events: [] });
    });

    it('pages through read-all by checkpoint, in feed order, without gaps or repeats', async () => {
      const before = await store().head();
      const [a, b] = [newStream(), newStream()];
      for (let round = 0; round < 4; round++) {
        await store().append(a, events(3, `A${round}`));
        const [last] = await store().appendMany([{ streamId: a, events: [event(`A${round}`)] }, { streamId: b, events: events(2, `B${round}`) }]);
        if (round === 3 && last?.ok) await untilReadable(store(), last.result.position);
      }
      const paged = [];
      for (let cursor = before; ; ) {
        const page = await store().readAll({ after: cursor, maxCount: 7 });
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(7);
        paged.push(...page);
        cursor = checkpointOf(page[page.length - 1]!);
      }
      expect(paged.map((e) => e.event_id)).toEqual((await readAllAfter(store(), before)).map((e) => e.event_id));
      expectStrictlyIncreasing(paged);
      const mine = paged.filter((e) => e.stream_id === a || e.stream_id === b);
      expect(mine).toHaveLength(24);
      expect(mine.filter((e) => e.stream_id === a).map((e) => e.stream_position)).toEqual(Array.from({ length: 16 }, (_, n) => n + 1));
      expect(mine.filter((e) => e.stream_id === b).map((e) => e.stream_position)).toEqual(Array.from({ length: 8 }, (_, n) => n + 1));
    });

    it('head is the newest readable checkpoint and countAfter measures lag', async () => {
      const before = await store().head();
      const result = await store().append(newStream(), events(5));
      await untilReadable(store(), result.position);
      const head = await store().head();
      expect(head).toEqual(result.position);
      expect(head).toEqual({ transaction_id: result.last_transaction_id, global_position: result.last_global_position });
      expect(compareCheckpoints(head, before)).toBeGreaterThan(0);
      expect(await store().countAfter(before)).toBe(5);
      expect(await store().countAfter(head)).toBe(0);
      expect(await store().readAll({ after: head, maxCount: 10 })).toEqual([]);
      expect(await store().countAfter(START)).toBe((await readAllAfter(store())).length);
    });
  });
}
