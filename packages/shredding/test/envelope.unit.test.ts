import { randomBytes } from 'node:crypto';
import { createSealer } from '@memctx/shared';
import { describe, expect, it } from 'vitest';
import { isSealed, openValue, sealValue } from '../src/envelope.js';

const key = { keyId: '7b0f2a53-8c1e-4a57-9a0e-3f1b2c4d5e6f', sealer: createSealer(randomBytes(32)) };
const other = { keyId: '0e3c1f7a-2b4d-4c6e-8f10-a1b2c3d4e5f6', sealer: createSealer(randomBytes(32)) };
const at = { eventId: 'E1', field: 'user_message' };

describe('a sealed field', () => {
  it('given a value, when sealed, then it names its key, hides the text and opens to the same value', () => {
    const sealed = sealValue('my cat is called Miso', at, [key]);
    expect(sealed).toMatchObject({ $sealed: 'v1', keys: [key.keyId] });
    expect(JSON.stringify(sealed)).not.toContain('Miso');
    expect(isSealed(sealed)).toBe(true);
    expect(openValue(sealed, at, [key.sealer])).toBe('my cat is called Miso');
  });

  it('given any JSON value, when sealed and opened, then it comes back equal', () => {
    for (const value of [null, 0, 'hé 🐱', { nested: [1, 'two', null] }]) expect(openValue(sealValue(value, at, [key]), at, [key.sealer])).toEqual(value);
  });

  it('given a sealed value, when opened for another event, another field or with another key, then it refuses', () => {
    const sealed = sealValue('secret', at, [key]);
    expect(() => openValue(sealed, { ...at, eventId: 'E2' }, [key.sealer])).toThrow();
    expect(() => openValue(sealed, { ...at, field: 'assistant_message' }, [key.sealer])).toThrow();
    expect(() => openValue(sealed, at, [other.sealer])).toThrow();
  });

  it('given an event id in another case, when opened, then it still opens (stores keep ids lower-case)', () => {
    const sealed = sealValue('x', { ...at, eventId: 'ABC' }, [key]);
    expect(openValue(sealed, { ...at, eventId: 'abc' }, [key.sealer])).toBe('x');
  });

  it('given several keys (a SIP quoting several sessions), when sealed, then it opens only with every one of them', () => {
    const sealed = sealValue('quotes of two sessions', at, [key, other]);
    expect(sealed.keys).toEqual([key.keyId, other.keyId]);
    expect(openValue(sealed, at, [key.sealer, other.sealer])).toBe('quotes of two sessions');
    expect(() => openValue(sealed, at, [other.sealer])).toThrow();
    expect(() => openValue(sealed, at, [other.sealer, key.sealer])).toThrow();
  });

  it('given plaintext or look-alikes, when checked, then they are not sealed', () => {
    for (const value of ['text', null, 3, { $sealed: 'v1' }, { $sealed: 'v1', keys: [], ct: '' }, { $sealed: 'v2', keys: ['k'], ct: '' }, ['$sealed']]) expect(isSealed(value)).toBe(false);
  });
});
