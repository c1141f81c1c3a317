import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@memctx/event-store';
import { NOTHING_TO_RESEND, plannedSends } from '@memctx/kafka';

const event = (n: number): RecordedEvent => ({
  global_position: n, transaction_id: 9000 + n, stream_id: `session-alice:s${n % 3}`, stream_position: n,
  event_id: `event-${n}`, type: 'RoundIngested', schema_version: 1, data: {}, metadata: {}, created_at: new Date('2026-11-28T10:00:00.000Z'),
});
const events = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));
const ids = (sends: RecordedEvent[][]) => sends.map((send) => send.map((e) => e.event_id));

describe('plannedSends', () => {
  it('given nothing failed before, when events are published, then they go in one send', () => {
    expect(ids(plannedSends(NOTHING_TO_RESEND, events(1, 4)))).toEqual([['event-1', 'event-2', 'event-3', 'event-4']]);
  });

  it('given a send failed unanswered, when the relay publishes from its checkpoint with more events, then that send goes again alone, as it was, before the rest', () => {
    const state = { acknowledged: new Set<string>(), unconfirmed: events(1, 2) };
    expect(ids(plannedSends(state, events(1, 5)))).toEqual([['event-1', 'event-2'], ['event-3', 'event-4', 'event-5']]);
    expect(ids(plannedSends(state, events(1, 2)))).toEqual([['event-1', 'event-2']]);
  });

  it('given the broker acknowledged the first send of a publish that failed later, then those events are not sent again', () => {
    const state = { acknowledged: new Set(['event-1', 'event-2']), unconfirmed: events(3, 4) };
    expect(ids(plannedSends(state, events(1, 6)))).toEqual([['event-3', 'event-4'], ['event-5', 'event-6']]);
    expect(ids(plannedSends({ acknowledged: new Set(['event-1', 'event-2', 'event-3']) }, events(1, 3)))).toEqual([]);
  });

  it('given the next publish does not begin with the unconfirmed send, then everything goes in one send', () => {
    const state = { acknowledged: new Set<string>(), unconfirmed: events(2, 3) };
    expect(ids(plannedSends(state, events(1, 4)))).toEqual([['event-1', 'event-2', 'event-3', 'event-4']]);
    expect(ids(plannedSends({ acknowledged: new Set<string>(), unconfirmed: events(1, 3) }, events(1, 2)))).toEqual([['event-1', 'event-2']]);
  });
});
