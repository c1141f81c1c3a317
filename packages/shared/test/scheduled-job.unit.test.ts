import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleJob } from '../src/index.js';

describe('scheduleJob', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs at once and then every interval; a failure is reported and the next tick runs again', async () => {
    let runs = 0;
    const errors: unknown[] = [];
    const job = scheduleJob({
      intervalMs: 1_000,
      run: async () => {
        if (++runs === 2) throw new Error('database away');
      },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(3);
    expect(errors.map(String)).toEqual(['Error: database away']);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });

  it('with runAtOnce false, runs first one interval after the start', async () => {
    let runs = 0;
    const job = scheduleJob({ intervalMs: 1_000, runAtOnce: false, run: async () => void runs++, onError: () => {} });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await job.stop();
  });

  it('leaves a slow run be instead of starting another beside it, and stop waits for it', async () => {
    let started = 0;
    let finish = () => {};
    const job = scheduleJob({
      intervalMs: 100,
      run: () => {
        started++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      onError: () => {},
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(started).toBe(1);
  });
});
