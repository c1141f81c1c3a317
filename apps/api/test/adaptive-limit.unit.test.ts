import { describe, expect, it } from 'vitest';
import { createAdaptiveLimit } from '../src/http/adaptive-limit.js';

/** A limit on a clock the test moves; `window(ms, { bound })` feeds one 250 ms window of 20 answers taking `ms`. */
function limitOnClock(max: number, tolerance = 2) {
  let now = 0;
  const limit = createAdaptiveLimit({ max, tolerance, now: () => now });
  const window = (ms: number, options: { bound?: boolean } = {}) => {
    if (options.bound) limit.reached();
    for (let i = 0; i < 20; i++) limit.finished(ms);
    now += 250;
    // The next event closes the window.
    limit.finished(ms);
    return limit.current();
  };
  /** Five calm windows at 20 ms, then `count` windows at the limit taking 200 ms; the limits after each of those. */
  const overloaded = (count: number) => {
    for (let i = 0; i < 5; i++) window(20);
    return Array.from({ length: count }, () => window(200, { bound: true }));
  };
  return { limit, window, overloaded };
}

describe('adaptive in-flight limit', () => {
  it('given calm windows, stays at the ceiling', () => {
    const { window } = limitOnClock(64);
    for (let i = 0; i < 20; i++) expect(window(20)).toBe(64);
  });

  it('given the limit reached while latency is above twice the usual, cuts it by a fifth per window down to the floor', () => {
    const limits = limitOnClock(64).overloaded(12);
    expect(limits.slice(0, 3)).toEqual([51, 40, 32]);
    expect(limits.at(-1)).toBe(4);
  });

  it('grows back by a tenth per window once the latency is usual again, up to the ceiling', () => {
    const { window, overloaded } = limitOnClock(64);
    overloaded(12);
    const limits = Array.from({ length: 40 }, () => window(25, { bound: true }));
    expect(limits.slice(0, 3)).toEqual([5, 6, 7]);
    expect(limits.at(-1)).toBe(64);
  });

  it('learns slow latency without the limit reached as usual instead of cutting', () => {
    const { window } = limitOnClock(64);
    for (let i = 0; i < 5; i++) window(20);
    for (let i = 0; i < 60; i++) expect(window(100)).toBe(64);
    // 100 ms is now usual: under twice that, a window at the limit grows (already at the ceiling).
    expect(window(150, { bound: true })).toBe(64);
  });

  it('cuts nothing before it knows a usual latency, and nothing with tolerance 0', () => {
    const fresh = limitOnClock(64);
    expect(fresh.window(500, { bound: true })).toBe(64);
    const fixed = limitOnClock(64, 0);
    for (let i = 0; i < 5; i++) fixed.window(20);
    expect(fixed.window(500, { bound: true })).toBe(64);
  });
});
