import { describe, expect, it } from 'vitest';
import { runningJobs } from '../src/orphaned-jobs.js';

describe('runningJobs', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, advance: (ms: number) => void (t += ms) };
  };

  it('counts a job as running while its processor runs, however long', () => {
    const time = clock();
    const running = runningJobs(1_000, time.now);
    running.started('a');
    time.advance(60_000);
    expect(running.has('a')).toBe(true);
  });

  it('keeps a settled job for the grace period, while BullMQ stores its outcome', () => {
    const time = clock();
    const running = runningJobs(1_000, time.now);
    running.started('a');
    running.settled('a');
    time.advance(999);
    expect(running.has('a')).toBe(true);
  });

  it('lets go of a settled job whose outcome was never stored once the grace period is over', () => {
    const time = clock();
    const running = runningJobs(1_000, time.now);
    running.started('a');
    running.settled('a');
    time.advance(1_001);
    expect(running.has('a')).toBe(false);
    expect(running.size).toBe(0);
  });

  it('forgets a job as soon as its outcome is stored', () => {
    const running = runningJobs(1_000);
    running.started('a');
    running.settled('a');
    running.done('a');
    expect(running.has('a')).toBe(false);
  });

  it('does not keep ids of lost outcomes: each new job prunes the expired ones', () => {
    const time = clock();
    const running = runningJobs(1_000, time.now);
    for (const id of ['a', 'b', 'c']) {
      running.started(id);
      running.settled(id);
    }
    time.advance(2_000);
    running.started('d');
    expect(running.size).toBe(1);
  });

  it('ignores a settle for a job it never saw start', () => {
    const running = runningJobs(1_000);
    running.settled('ghost');
    expect(running.has('ghost')).toBe(false);
  });
});
