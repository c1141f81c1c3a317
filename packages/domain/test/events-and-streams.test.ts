import { describe, expect, it } from 'vitest';
import { InvalidEventError, parseDomainEvent, parseStreamId, sessionStream, streamId } from '@memctx/domain';

describe('stream ids', () => {
  it('scope equal session ids by user', () => {
    expect(sessionStream('alice', 's1')).not.toBe(sessionStream('bob', 's1'));
  });
  it('cannot collide through separators in ids', () => {
    expect(sessionStream('a:b', 'c')).not.toBe(sessionStream('a', 'b:c'));
    expect(sessionStream('a-b', 'c')).not.toBe(sessionStream('a', 'b-c'));
  });
  it('parse back to their parts', () => {
    expect(parseStreamId(sessionStream('u:1', 'x/y'))).toEqual({ kind: 'session', userId: 'u:1', id: 'x/y' });
    expect(parseStreamId(streamId('user', 'u1'))).toEqual({ kind: 'user', userId: 'u1', id: undefined });
  });
});

describe('event schemas', () => {
  it('accept valid data and round-trip it', () => {
    const data = { user_id: 'u', project_id: 'p', name: 'n', created_at: '2026-11-23T10:00:00.000Z' };
    expect(parseDomainEvent('ProjectCreated', data)).toEqual({ type: 'ProjectCreated', data });
  });
  it('reject missing fields, wrong types and unknown types', () => {
    expect(() => parseDomainEvent('ProjectCreated', { user_id: 'u' })).toThrow(InvalidEventError);
    expect(() => parseDomainEvent('SessionRestored', { user_id: 'u', session_id: 's', restored_at: 'yesterday' })).toThrow(InvalidEventError);
    expect(() => parseDomainEvent('Nope', {})).toThrow(/unknown event type/);
  });
});
