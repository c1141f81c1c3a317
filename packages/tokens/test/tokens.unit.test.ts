import { describe, expect, it } from 'vitest';
import { chunkByTokens, countTokens, truncateCounted } from '../src/index.js';

describe('tokens', () => {
  it('counts with a real BPE: common words are one token, rare strings several', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello')).toBe(1);
    expect(countTokens('Zxqvbnmlkj')).toBeGreaterThan(2);
  });

  it('truncates to a token budget on a token boundary', () => {
    const text = 'one two three four five six seven eight nine ten';
    const cut = truncateCounted(text, 4);
    expect(cut).toMatchObject({ tokens: 4, truncated: true });
    expect(countTokens(cut.text)).toBe(4);
    expect(text.startsWith(cut.text)).toBe(true);
    expect(truncateCounted(text, 1000)).toEqual({ text, tokens: countTokens(text), truncated: false });
    expect(truncateCounted(text, 0)).toEqual({ text: '', tokens: 0, truncated: true });
  });

  it('chunks with overlap, each chunk within size, covering the whole text', () => {
    const words = Array.from({ length: 1000 }, (_, i) => `word${i}`);
    const chunks = chunkByTokens(words.join(' '), 100, 20);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(countTokens(chunk.text)).toBeLessThanOrEqual(100);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    expect(chunks[0]!.text.startsWith('word0')).toBe(true);
    expect(chunks.at(-1)!.text.endsWith('word999')).toBe(true);
    // Consecutive chunks share text (the overlap).
    const tail = chunks[0]!.text.split(' ').at(-1)!;
    expect(chunks[1]!.text).toContain(tail);
  });

  it('refuses an overlap as large as the window', () => {
    expect(() => chunkByTokens('x', 10, 10)).toThrow(RangeError);
  });
});
