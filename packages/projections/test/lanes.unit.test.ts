import { describe, expect, it } from 'vitest';
import { createInMemoryEventStore, type EventStore, type RecordedEvent } from '@memctx/event-store';
import { createReadAhead, splitIntoLanes } from '@memctx/projections';

let position = 0;
const recorded = (stream_id: string): RecordedEvent => ({
  global_position: ++position, transaction_id: 1, stream_id, stream_position: position, event_id: `e${position}`,
  type: 'RoundIngested', schema_version: 1, data: {}, metadata: {}, created_at: new Date(0),
});

describe('splitIntoLanes', () => {
  it('keeps each user in one lane, in feed order, and spreads users over the lanes', () => {
    const events = Array.from({ length: 400 }, (_, i) => recorded(i % 3 ? `session-u${i % 40}:s${i % 7}` : `project-u${i % 40}:p`));
    const lanes = splitIntoLanes(events, 3);
    expect(lanes).toHaveLength(3);
    expect(lanes.flat().sort((a, b) => a.global_position - b.global_position)).toEqual(events);
    const laneOf = new Map<string, number>();
    lanes.forEach((lane, index) => {
      expect(lane.map((e) => e.global_position)).toEqual([...lane.map((e) => e.global_position)].sort((a, b) => a - b));
      for (const event of lane) {
        const user = event.stream_id.split(/[-:]/)[1]!;
        expect(laneOf.get(user) ?? index).toBe(index);
        laneOf.set(user, index);
      }
    });
  });

  it('puts events of an unknown stream shape together rather than refusing them', () => {
    expect(splitIntoLanes([recorded('odd'), recorded('odd')], 4)).toHaveLength(1);
  });
});

describe('createReadAhead', () => {
  async function seeded(n: number): Promise<EventStore> {
    const store = createInMemoryEventStore();
    for (let i = 0; i < n; i++) await store.append(`session-u1:s${i}`, [{ event_id: crypto.randomUUID(), type: 'T', data: { i } }], { expectedVersion: 'no_stream' });
    return store;
  }

  it('reads the next batch while the caller works and hands it over when asked from where it ends', async () => {
    const store = await seeded(5);
    let reads = 0;
    const counting: EventStore = { ...store, readAll: (options) => (reads++, store.readAll(options)) };
    const ahead = createReadAhead(counting, 2);
    const first = await ahead.next({ transaction_id: 0, global_position: 0 });
    expect(first.map((e) => e.data)).toEqual([{ i: 0 }, { i: 1 }]);
    expect(reads).toBe(2);
    const second = await ahead.next(first[1]!);
    expect(second.map((e) => e.data)).toEqual([{ i: 2 }, { i: 3 }]);
    expect(reads).toBe(3);
    // Asked from elsewhere: the batch read ahead is dropped.
    expect((await ahead.next(first[0]!)).map((e) => e.data)).toEqual([{ i: 1 }, { i: 2 }]);
  });

  it('looks at the feed again after an empty read ahead (events appended meanwhile are not missed)', async () => {
    const store = await seeded(2);
    const ahead = createReadAhead(store, 2);
    const first = await ahead.next({ transaction_id: 0, global_position: 0 });
    await store.append('session-u1:late', [{ event_id: crypto.randomUUID(), type: 'T', data: { i: 9 } }], { expectedVersion: 'no_stream' });
    expect((await ahead.next(first[1]!)).map((e) => e.data)).toEqual([{ i: 9 }]);
  });
});
