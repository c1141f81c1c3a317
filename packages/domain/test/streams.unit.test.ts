import { describe, expect, it } from 'vitest';
import { InvalidStreamIdError, parseStreamId, projectStream, sessionStream, sourceStream, userStream } from '../src/index.js';

describe('stream ids', () => {
  it('scope equal ids by user', () => {
    expect(sessionStream('alice', 's1')).not.toBe(sessionStream('bob', 's1'));
    expect(projectStream('alice', 'p1')).not.toBe(projectStream('bob', 'p1'));
  });

  it('keep kinds apart for equal ids', () => {
    const ids = [projectStream('u', 'x'), sessionStream('u', 'x'), sourceStream('u', 'x'), userStream('u')];
    expect(new Set(ids).size).toBe(4);
  });

  it('cannot collide through ":" or "-" in user ids or ids', () => {
    const pairs: [string, string][] = [
      ['a:b', 'c'], ['a', 'b:c'], ['a-b', 'c'], ['a', 'b-c'], ['a', 'b'], ['a:', 'b'], ['a', ':b'], ['', 'a:b'], ['a:b', ''],
      ['%3A', 'x'], [':', 'x'], ['session-a', 'b'], ['a%2', 'b'],
    ];
    const streams = pairs.map(([user, id]) => sessionStream(user, id));
    expect(new Set(streams).size).toBe(pairs.length);
    expect(userStream('a:b')).not.toBe(userStream('a-b'));
  });

  it('parse back to their parts, for any characters', () => {
    for (const [user, id] of [['u:1', 'x/y'], ['a-b', 'c:d-e'], ['ünï', '😀 %41'], ['', '']]) {
      expect(parseStreamId(sessionStream(user!, id!))).toEqual({ kind: 'session', userId: user, id });
      expect(parseStreamId(projectStream(user!, id!))).toEqual({ kind: 'project', userId: user, id });
      expect(parseStreamId(sourceStream(user!, id!))).toEqual({ kind: 'source', userId: user, id });
    }
    expect(parseStreamId(userStream('u:1'))).toEqual({ kind: 'user', userId: 'u:1', id: null });
  });

  it('reject anything the factories would not produce', () => {
    for (const bad of ['session-u', 'user-u:x', 'session-a:b:c', 'widget-u:x', 'session-a%3ab:c', 'session-%41:b', 'session-%E0%A4%A:x', 'sessionu:x']) {
      expect(() => parseStreamId(bad), bad).toThrow(InvalidStreamIdError);
    }
  });

  it('refuse ids that are not well-formed Unicode instead of merging them', () => {
    expect(() => sessionStream('u\uD800', 's')).toThrow(RangeError);
  });
});
