import { describe, expect, it } from 'vitest';
import { timeStage } from '../src/index.js';

describe('timeStage', () => {
  it('reports how long the work took under its stage, and passes the result through', async () => {
    const seen: Array<[string, number]> = [];
    const result = await timeStage((stage, ms) => seen.push([stage, ms]), 'embed', async () => {
      await new Promise((r) => setTimeout(r, 20));
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toHaveLength(1);
    expect(seen[0]![0]).toBe('embed');
    expect(seen[0]![1]).toBeGreaterThanOrEqual(15);
  });

  it('reports a step that throws, and rethrows its error', async () => {
    const seen: string[] = [];
    await expect(timeStage((stage) => seen.push(stage), 'commit', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(seen).toEqual(['commit']);
  });

  it('only runs the work when nobody asks for timings', async () => {
    expect(await timeStage(undefined, 'rank', () => 'ranked')).toBe('ranked');
  });
});
