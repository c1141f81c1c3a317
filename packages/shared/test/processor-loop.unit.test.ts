import { describe, expect, it } from 'vitest';
import { runProcessorLoop } from '../src/index.js';

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/** A wake source the test fires by hand. */
function wakeSource() {
  let wake: (() => void) | undefined;
  let listening = false;
  return {
    wakeOn: async (w: () => void) => {
      wake = w;
      listening = true;
      return async () => void (listening = false);
    },
    fire: () => wake?.(),
    listening: () => listening,
  };
}

describe('runProcessorLoop', () => {
  it('runs passes back to back while they find work, then sleeps until woken', async () => {
    const source = wakeSource();
    let work = 3;
    let passes = 0;
    const loop = runProcessorLoop({ step: async () => (passes++, work-- > 0), idleWaitMs: 60_000, wakeOn: source.wakeOn });
    await tick();
    expect(passes).toBe(4);
    work = 1;
    source.fire();
    await tick();
    expect(passes).toBe(6);
    await loop.stop();
    expect(source.listening()).toBe(false);
  });

  it('keeps a wake-up that arrives during a pass, so the next sleep is skipped', async () => {
    const source = wakeSource();
    let passes = 0;
    const loop = runProcessorLoop({
      async step() {
        passes++;
        if (passes === 1) source.fire();
        return false;
      },
      idleWaitMs: 60_000,
      wakeOn: source.wakeOn,
    });
    await tick();
    expect(passes).toBe(2);
    await loop.stop();
  });

  it('reports a failed pass and tries again after the error wait', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const loop = runProcessorLoop({
      async step() {
        if (++passes === 1) throw new Error('database away');
        return false;
      },
      idleWaitMs: 60_000,
      errorWaitMs: 5,
      onError: (error) => errors.push(error),
    });
    await tick(50);
    expect(errors.map((error) => (error as Error).message)).toEqual(['database away']);
    expect(passes).toBe(2);
    await loop.stop();
  });

  it('stops after the pass in flight, without waiting out a sleep', async () => {
    let finished = false;
    const loop = runProcessorLoop({
      async step() {
        await tick(30);
        finished = true;
        return false;
      },
      idleWaitMs: 60_000,
    });
    await tick(5);
    const started = Date.now();
    await loop.stop();
    expect(finished).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('given a running loop, when stopped, then done resolves', async () => {
    const loop = runProcessorLoop({ step: async () => false, idleWaitMs: 60_000 });
    await loop.stop();
    await expect(loop.done).resolves.toBeUndefined();
  });
});
