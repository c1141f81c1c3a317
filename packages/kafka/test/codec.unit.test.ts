import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@memctx/event-store';
import { fromMessage, HEADERS, MalformedEventMessageError, toMessage } from '@memctx/kafka';

const recorded: RecordedEvent = {
  global_position: 42, transaction_id: 7001, stream_id: 'session-alice:s1', stream_position: 3,
  event_id: '5a3c0c55-8f0e-4d8e-9c57-0a4d3a1f5b10', type: 'RoundIngested', schema_version: 1,
  data: { user_id: 'alice', round_id: 'r1' }, metadata: { request_id: 'q' }, created_at: new Date('2026-11-23T10:00:00.000Z'),
};

describe('event messages', () => {
  it('given a recorded event, when encoded and decoded, then it is the same event with its identity in headers', () => {
    const message = toMessage(recorded, 'alice');
    expect(message.key).toBe('alice');
    expect(message.headers).toEqual({
      [HEADERS.eventId]: recorded.event_id, [HEADERS.eventType]: 'RoundIngested', [HEADERS.streamId]: 'session-alice:s1',
      [HEADERS.streamPosition]: '3', [HEADERS.transactionId]: '7001', [HEADERS.globalPosition]: '42',
    });
    expect(fromMessage(Buffer.from(message.value), message.headers)).toEqual(recorded);
  });

  it('refuses values that are not events, or whose event id disagrees with the header', () => {
    expect(() => fromMessage(null)).toThrow(MalformedEventMessageError);
    expect(() => fromMessage('{not json')).toThrow(/not JSON/);
    expect(() => fromMessage(JSON.stringify({ ...recorded, global_position: 'x' }))).toThrow(/global_position missing/);
    expect(() => fromMessage(toMessage(recorded, 'alice').value, { [HEADERS.eventId]: 'other' })).toThrow(/disagrees/);
  });

  it('given a value that is JSON but not a whole event, when decoded, then it is refused naming what is wrong', () => {
    expect(() => fromMessage('[1, 2]')).toThrow(/not an object/);
    expect(() => fromMessage(JSON.stringify({ ...recorded, data: 'text' }))).toThrow(/data missing/);
    expect(() => fromMessage(JSON.stringify({ ...recorded, metadata: [] }))).toThrow(/metadata is not an object/);
    expect(() => fromMessage(JSON.stringify({ ...recorded, schema_version: 1.5 }))).toThrow(/schema_version missing/);
  });

  it('given a message published before events carried a schema version, when decoded, then it reads as version 1', () => {
    const { schema_version: _, ...unversioned } = recorded;
    expect(fromMessage(JSON.stringify(unversioned))).toEqual(recorded);
  });
});
