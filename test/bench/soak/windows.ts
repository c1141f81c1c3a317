import type { Answer } from '../lib/open-loop.js';
import { percentile } from '../lib/stats.js';

export interface Window {
  index: number;
  accepted: Record<string, number>;
  shed: number;
  errors: Record<string, number>;
  /** Accepted latencies by kind, ms. */
  latencies: Record<string, number[]>;
  /** Peak RSS in the window, MB, by process. */
  rss: Record<string, number>;
  /**
   * Used heap sampled every few seconds, lowest and highest in the window, MB, by process: the lowest is about what
   * survives garbage collection, so it is the one that grows if something leaks.
   */
  heapMin: Record<string, number>;
  heapMax: Record<string, number>;
  projectionLag: number;
}

/** Answers sorted into `count` consecutive windows of `windowMs` by when they came back (the last also takes the stragglers). */
export function createWindows(windowMs: number, count: number) {
  const windows: Window[] = [];
  const at = (index: number): Window => {
    while (windows.length <= index) {
      windows.push({ index: windows.length, accepted: {}, shed: 0, errors: {}, latencies: {}, rss: {}, heapMin: {}, heapMax: {}, projectionLag: 0 });
    }
    return windows[index]!;
  };
  return {
    windows,
    at,
    record(answer: Answer): void {
      const window = at(Math.min(count - 1, Math.floor(answer.at / windowMs)));
      if (answer.outcome === 'accepted') {
        window.accepted[answer.kind] = (window.accepted[answer.kind] ?? 0) + 1;
        (window.latencies[answer.kind] ??= []).push(answer.ms);
      } else if (answer.outcome === 'shed') window.shed++;
      else window.errors[`${answer.kind} ${answer.status}`] = (window.errors[`${answer.kind} ${answer.status}`] ?? 0) + 1;
    },
  };
}

export const p99Of = (values: readonly number[] | undefined) => percentile([...(values ?? [])].sort((a, b) => a - b), 99);
