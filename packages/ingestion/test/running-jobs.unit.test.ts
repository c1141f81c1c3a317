import { describe, expect, it } from 'vitest';
import { runningJobs } from '../src/orphaned-jobs.js';

describe('runningJobs', () => {
  // A tracker with a one-second grace period on a clock the test moves.
  const given = () => {
    let t = 0;
    return { running: runningJobs(1_000, () => t), advance: (ms: number) => void (t += ms) };
  };

  it('counts a job as running while its processor runs, however long', () => {
    const { running, advance } = given();
    running.started('a');
    advance(60_000);
    expect(running.has('a')).toBe(true);
  });

  it('keeps a settled job for the grace period, while BullMQ stores its outcome', () => {
    const { running, advance } = given();
    running.started('a');
    running.settled('a');
    advance(999);
    expect(running.has('a')).toBe(true);
  });

  it('lets go of a settled job whose outcome was never stored once the grace period is over', () => {
    const { running, advance } = given();
    running.started('a');
    running.settled('a');
    advance(1_001);
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
    const { running, advance } = given();
    for (const id of ['a', 'b', 'c']) {
      running.started(id);
      running.settled(id);
    }
    advance(2_000);
    running.started('d');
    expect(running.size).toBe(1);
  });

  it('ignores a settle for a job it never saw start', () => {
    const running = runningJobs(1_000);
    running.settled('ghost');
    expect(running.has('ghost')).toBe(false);
  });
});
