import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneLine } from '../src/text.js';

/** What the summary used to be: the whole text flattened, then cut by code points. */
const reference = (text: string, max: number) => Array.from(text.replace(/\s+/g, ' ')).slice(0, max).join('');

describe('oneLine', () => {
  it('turns each run of whitespace into one space and cuts at max code points', () => {
    expect(oneLine('a \n\t b', 10)).toBe('a b');
    expect(oneLine('  lead', 10)).toBe(' lead');
    expect(oneLine('😀😀😀', 2)).toBe('😀😀');
    expect(oneLine('abcdef', 3)).toBe('abc');
  });

  it('reads past long whitespace runs to fill the line', () => {
    const text = `start${' '.repeat(10_000)}end and more words`;
    expect(oneLine(text, 12)).toBe('start end an');
  });

  it('equals flattening the whole text and cutting it, for any text', () => {
    const chars = fc.constantFrom('a', 'b', ' ', '\n', '\t', '\u00a0', '😀', 'é', '\u2028');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 600 }).map((c) => c.join('')), fc.integer({ min: 1, max: 200 }), (text, max) => {
        expect(oneLine(text, max)).toBe(reference(text, max));
      }),
      { numRuns: 2_000 },
    );
  });
});
