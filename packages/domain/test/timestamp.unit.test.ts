import { describe, expect, it } from 'vitest';
import { parseClientTimestamp } from '../src/index.js';

const now = new Date('2026-11-23T10:00:00.000Z');

describe('parseClientTimestamp', () => {
  it.each([
    ['1:56 pm on 8 May, 2023', '2023-05-08T13:56:00.000Z'],
    ['10:37 am on 27 June, 2023', '2023-06-27T10:37:00.000Z'],
    ['2023-05-08T13:56:00Z', '2023-05-08T13:56:00.000Z'],
    ['2023-05-08T13:56:00+02:00', '2023-05-08T11:56:00.000Z'],
    ['Mon, 08 May 2023 13:56:00 +0200', '2023-05-08T11:56:00.000Z'],
    ['1683554160', '2023-05-08T13:56:00.000Z'],
    ['1683554160.5', '2023-05-08T13:56:00.500Z'],
    ['1683554160000', '2023-05-08T13:56:00.000Z'],
    ['yesterday', '2026-11-22T10:00:00.000Z'],
  ])('reads %j as %s', (text, expected) => {
    expect(parseClientTimestamp(text, now)).toBe(expected);
  });

  it.each([null, '', '   ', 'banana o’clock', '5', '99999', '2023', '99999999999999999999', '\u0000'])('names no instant in %j', (text) => {
    expect(parseClientTimestamp(text, now)).toBeNull();
  });

  it('never throws on arbitrary strings', () => {
    for (const text of ['a'.repeat(64), '31 February 2023 25:61', '10000-01-01T00:00:00Z', '-1683554160', '1e12']) {
      expect(() => parseClientTimestamp(text, now)).not.toThrow();
    }
  });
});
