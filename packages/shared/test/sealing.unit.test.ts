import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, parseSealingKey } from '../src/sealing.js';

describe('sealing', () => {
  it('given a key, when a value is sealed, then only the same key and associated data open it', () => {
    const key = randomBytes(32);
    const sealed = createSealer(key).seal('hunter2', 'user\u0000request');
    expect(sealed.includes(Buffer.from('hunter2'))).toBe(false);
    expect(createSealer(key).open(sealed, 'user\u0000request').toString()).toBe('hunter2');
    expect(() => createSealer(key).open(sealed, 'other\u0000request')).toThrow();
    expect(() => createSealer(randomBytes(32)).open(sealed, 'user\u0000request')).toThrow();
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 1]! ^= 1;
    expect(() => createSealer(key).open(flipped, 'user\u0000request')).toThrow();
  });

  it('given the same value twice, when sealed, then the outputs differ (a fresh IV each time)', () => {
    const sealer = createSealer(randomBytes(32));
    expect(sealer.seal('x', 'a').equals(sealer.seal('x', 'a'))).toBe(false);
  });

  it('given configuration, when parsed, then hex and base64 of 32 bytes are keys, nothing is undefined, the rest throws', () => {
    const key = randomBytes(32);
    expect(parseSealingKey(key.toString('hex'), 'K')).toEqual(key);
    expect(parseSealingKey(key.toString('base64'), 'K')).toEqual(key);
    expect(parseSealingKey(undefined, 'K')).toBeUndefined();
    expect(() => parseSealingKey('abcd', 'K')).toThrow('K must be 32 bytes');
    expect(() => createSealer(randomBytes(16))).toThrow();
  });
});
