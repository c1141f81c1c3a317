import { randomBytes } from 'node:crypto';
import { createSealer } from '@memctx/shared';
import { describe, expect, it } from 'vitest';
import { isSealed, openValue, sealValue } from '../src/envelope.js';

const key = { keyId: '7b0f2a53-8c1e-4a57-9a0e-3f1b2c4d5e6f', sealer: createSealer(randomBytes(32)) };
const at = { eventId: 'E1', field: 'user_message' };

describe('a sealed field', () => {
  it('given a value, when sealed, then it names its key, hides the text and opens to the same value', () => {
    const sealed = sealValue('my cat is called Miso', at, key);
    expect(sealed).toMatchObject({ $sealed: 'v1', key: key.keyId });
    expect(JSON.stringify(sealed)).not.toContain('Miso');
    expect(isSealed(sealed)).toBe(true);
    expect(openValue(sealed, at, key.sealer)).toBe('my cat is called Miso');
  });

  it('given any JSON value, when sealed and opened, then it comes back equal', () => {
    for (const value of [null, 0, 'hé 🐱', { nested: [1, 'two', null] }]) expect(openValue(sealValue(value, at, key), at, key.sealer)).toEqual(value);
  });

  it('given a sealed value, when opened for another event, another field or with another key, then it refuses', () => {
    const sealed = sealValue('secret', at, key);
    expect(() => openValue(sealed, { ...at, eventId: 'E2' }, key.sealer)).toThrow();
    expect(() => openValue(sealed, { ...at, field: 'assistant_message' }, key.sealer)).toThrow();
    expect(() => openValue(sealed, at, createSealer(randomBytes(32)))).toThrow();
  });

  it('given an event id in another case, when opened, then it still opens (stores keep ids lower-case)', () => {
    const sealed = sealValue('x', { ...at, eventId: 'ABC' }, key);
    expect(openValue(sealed, { ...at, eventId: 'abc' }, key.sealer)).toBe('x');
  });

  it('given plaintext or look-alikes, when checked, then they are not sealed', () => {
    for (const value of ['text', null, 3, { $sealed: 'v1' }, { $sealed: 'v2', key: 'k', ct: '' }, ['$sealed']]) expect(isSealed(value)).toBe(false);
  });
});
