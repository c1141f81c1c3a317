import { ANY, NO_STREAM, START as READ_START, STREAM_EXISTS } from '@kurrent/kurrentdb-client';
import { START, compareCheckpoints } from '@memctx/event-store';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION_KEY, isSystemEvent, mergeMetadata, splitMetadata, toEventData, toRecordedEvent } from '../src/codec.js';
import { laterOf, revisionOf, streamPositionOf, toCheckpoint, toReadPosition, toStreamState, versionOf } from '../src/positions.js';

describe('expected version', () => {
  it('maps the named states to the client constants', () => {
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState('stream_exists')).toBe(STREAM_EXISTS);
  });

  it('maps an event count to the revision of the last event; 0 events is no stream', () => {
    expect(toStreamState(0)).toBe(NO_STREAM);
    expect(toStreamState(1)).toBe(0n);
    expect(toStreamState(3)).toBe(2n);
  });

  it('reads a refused append back as an event count', () => {
    expect(versionOf(NO_STREAM)).toBe(0);
    expect(versionOf(0n)).toBe(1);
    expect(versionOf(41n)).toBe(42);
    expect(versionOf(-5n)).toBe(0); // a deleted stream
  });

  it('counts stream positions from 1 and revisions from 0', () => {
    expect(streamPositionOf(0n)).toBe(1);
    expect(revisionOf(1)).toBe(0n);
    expect(revisionOf(streamPositionOf(99n))).toBe(99n);
  });
});

describe('positions and checkpoints', () => {
  it('maps commit to transaction_id and prepare to global_position', () => {
    expect(toCheckpoint({ commit: 1234n, prepare: 1300n })).toEqual({ transaction_id: 1234, global_position: 1300 });
  });

  it('round-trips a position through a checkpoint', () => {
    const position = { commit: 987_654_321n, prepare: 987_654_321n };
    expect(toReadPosition(toCheckpoint(position))).toEqual(position);
  });

  it('reads START from the start of $all', () => {
    expect(toReadPosition(START)).toBe(READ_START);
    expect(toReadPosition({ transaction_id: 0, global_position: 0 })).toBe(READ_START);
  });

  it('orders checkpoints as $all orders positions: commit, then prepare', () => {
    const [a, b, c] = [
      { commit: 100n, prepare: 100n },
      { commit: 200n, prepare: 150n },
      { commit: 200n, prepare: 180n },
    ].map(toCheckpoint);
    expect(compareCheckpoints(a!, b!)).toBeLessThan(0);
    expect(compareCheckpoints(b!, c!)).toBeLessThan(0);
    expect(laterOf(a!, c!)).toBe(c);
    expect(laterOf(START, a!)).toBe(a);
  });
});

describe('metadata', () => {
  it('carries the schema version in the metadata, defaulting to 1', () => {
    expect(mergeMetadata({ by: 'u1' }, 3)).toEqual({ by: 'u1', [SCHEMA_VERSION_KEY]: 3 });
    expect(mergeMetadata(undefined, undefined)).toEqual({ [SCHEMA_VERSION_KEY]: 1 });
  });

  it('splits it back out on read', () => {
    expect(splitMetadata(mergeMetadata({ by: 'u1' }, 3))).toEqual({ metadata: { by: 'u1' }, schema_version: 3 });
    expect(splitMetadata(mergeMetadata({}, undefined))).toEqual({ metadata: {}, schema_version: 1 });
  });

  it('reads metadata another writer left as 1 and whatever it holds', () => {
    expect(splitMetadata(undefined)).toEqual({ metadata: {}, schema_version: 1 });
    expect(splitMetadata(new Uint8Array([1, 2]))).toEqual({ metadata: {}, schema_version: 1 });
    expect(splitMetadata({ [SCHEMA_VERSION_KEY]: 'two', x: 1 })).toEqual({ metadata: { x: 1 }, schema_version: 1 });
  });
});

describe('events', () => {
  const eventId = '0b0a3c2e-6f5d-4f43-9d7e-2a4c8f1e9b10';

  it('writes our event as a JSON event with our id', () => {
    expect(toEventData({ event_id: eventId.toUpperCase(), type: 'Noted', data: { a: 1 }, metadata: { by: 'u1' }, schema_version: 2 })).toEqual({
      id: eventId,
      contentType: 'application/json',
      type: 'Noted',
      data: { a: 1 },
      metadata: { by: 'u1', [SCHEMA_VERSION_KEY]: 2 },
    });
  });

  it('reads a recorded event back into every field', () => {
    const created = new Date('2025-01-02T03:04:05Z');
    const recorded = toRecordedEvent({
      streamId: 'conversation-1',
      id: eventId,
      isJson: true,
      revision: 4n,
      type: 'Noted',
      created,
      data: { a: 1 },
      metadata: { by: 'u1', [SCHEMA_VERSION_KEY]: 2 },
      position: { commit: 5000n, prepare: 5000n },
    });
    expect(recorded).toEqual({
      global_position: 5000,
      transaction_id: 5000,
      stream_id: 'conversation-1',
      stream_position: 5,
      event_id: eventId,
      type: 'Noted',
      schema_version: 2,
      data: { a: 1 },
      metadata: { by: 'u1' },
      created_at: created,
    });
  });

  it('refuses an event without a position or that is not a JSON object', () => {
    const base = { streamId: 's', id: eventId, revision: 0n, type: 'T', created: new Date(), metadata: undefined } as const;
    expect(() => toRecordedEvent({ ...base, isJson: true, data: { a: 1 } })).toThrow(/position/);
    expect(() => toRecordedEvent({ ...base, isJson: false, data: new Uint8Array(), position: { commit: 1n, prepare: 1n } })).toThrow(/JSON object/);
  });
});

describe('system events', () => {
  it('are those in a $ stream or of a $ type', () => {
    expect(isSystemEvent({ streamId: '$stats-127.0.0.1:2113', type: '$statsCollected' })).toBe(true);
    expect(isSystemEvent({ streamId: '$ce-conversation', type: '$>' })).toBe(true);
    expect(isSystemEvent({ streamId: '$$conversation-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$projections-x', type: 'Anything' })).toBe(true);
    expect(isSystemEvent({ streamId: 'conversation-1', type: 'Noted' })).toBe(false);
  });
});
