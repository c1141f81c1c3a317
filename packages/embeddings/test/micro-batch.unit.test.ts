import { describe, expect, it } from 'vitest';
import { createMicroBatcher } from '../src/index.js';

/** A batch runner that records each batch and answers when told to. */
function recorder() {
  const batches: string[][] = [];
  const release: Array<() => void> = [];
  const run = (items: string[]) => {
    batches.push(items);
    if (items.includes('boom')) return Promise.reject(new Error('model failed'));
    return new Promise<string[]>((done) => release.push(() => done(items.map((item) => item.toUpperCase()))));
  };
  return { batches, release, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createMicroBatcher, gathering while a batch runs', () => {
  it('runs a query at once when idle and gathers those arriving meanwhile into the next batch', async () => {
    const { batches, release, run } = recorder();
    const embed = createMicroBatcher(run, { maxBatch: 2, gather: 'while-busy' });
    const first = embed('a');
    expect(batches).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map((item) => embed(item));
    expect(batches).toHaveLength(1);
    release.shift()!();
    expect(await first).toBe('A');
    await tick();
    expect(batches).toEqual([['a'], ['b', 'c']]);
    release.shift()!();
    await tick();
    expect(batches).toEqual([['a'], ['b', 'c'], ['d']]);
    release.shift()!();
    expect(await Promise.all(rest)).toEqual(['B', 'C', 'D']);
  });

  it('fails only the batch whose run failed, and runs the next', async () => {
    const { batches, release, run } = recorder();
    const embed = createMicroBatcher(run, { maxBatch: 8, gather: 'while-busy' });
    await expect(embed('boom')).rejects.toThrow('model failed');
    const next = embed('e');
    expect(batches).toEqual([['boom'], ['e']]);
    release.shift()!();
    expect(await next).toBe('E');
  });

  it('fails the callers of a run that throws before it returns a promise', async () => {
    const embed = createMicroBatcher<string, string>(() => { throw new Error('not loaded'); }, { maxBatch: 8, gather: 'while-busy' });
    await expect(embed('a')).rejects.toThrow('not loaded');
    await expect(embed('b')).rejects.toThrow('not loaded');
  });
});

describe('createMicroBatcher, gathering within a window', () => {
  it('waits the window after the first query and runs what arrived as one batch', async () => {
    const { batches, release, run } = recorder();
    const embed = createMicroBatcher(run, { maxBatch: 8, windowMs: 5 });
    const both = [embed('a'), embed('b')];
    expect(batches).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([['a', 'b']]);
    release.shift()!();
    expect(await Promise.all(both)).toEqual(['A', 'B']);
  });
});
