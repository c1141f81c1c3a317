export interface AdaptiveLimitOptions {
  /** The ceiling (MEMCTX_MAX_IN_FLIGHT). */
  max: number;
  /**
   * While the limit is reached, it shrinks when the median latency of a window is above this many times the usual
   * median, and grows back when it is not; 0 keeps the limit at `max`.
   */
  tolerance: number;
  windowMs?: number;
  now?: () => number;
}

export interface AdaptiveLimit {
  current(): number;
  /** The limit bound in this window: a request was shed, or one was admitted as the last the limit allows. */
  reached(): void;
  /** An admitted request was answered after `ms`. */
  finished(ms: number): void;
}

const WINDOW_MS = 250;
/** A window with fewer answers says too little about latency to move anything. */
const MIN_SAMPLES = 10;
const FLOOR = 4;
const DECREASE = 0.8;
const INCREASE = 1.1;
/** How fast the usual latency follows calm windows (an exponential average over about ten windows). */
const BASELINE_WEIGHT = 0.1;

function median(values: number[]): number {
  const sorted = values.sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/**
 * How many requests to work on at once, adapted to latency: a fixed bound that suits an idle machine lets requests
 * queue (for a database connection, a CPU) for seconds on a busy one, and one that suits a busy machine throttles an
 * idle one. The usual latency is learnt from windows in which the limit was not reached, so it never learns the
 * latency of an overload; while the limit is reached, a window whose median latency is above `tolerance` × usual cuts
 * the limit by a fifth, any other raises it by a tenth (multiplicative both ways: it finds the level within seconds
 * at any scale), between a floor of 4 and `max`.
 */
export function createAdaptiveLimit(options: AdaptiveLimitOptions): AdaptiveLimit {
  const now = options.now ?? (() => performance.now());
  const windowMs = options.windowMs ?? WINDOW_MS;
  const floor = Math.min(options.max, FLOOR);
  let limit = options.max;
  let usual: number | undefined;
  let samples: number[] = [];
  let bound = false;
  let windowStart = now();

  function closeWindowIfDue(): void {
    const at = now();
    if (at - windowStart < windowMs) return;
    if (samples.length >= MIN_SAMPLES) {
      const typical = median(samples);
      if (!bound) usual = usual === undefined ? typical : usual + (typical - usual) * BASELINE_WEIGHT;
      else if (usual !== undefined && typical > options.tolerance * usual) limit = Math.max(floor, Math.floor(limit * DECREASE));
      else limit = Math.min(options.max, Math.max(limit + 1, Math.floor(limit * INCREASE)));
    }
    samples = [];
    bound = false;
    windowStart = at;
  }

  if (options.tolerance <= 0) return { current: () => options.max, reached: () => undefined, finished: () => undefined };
  return {
    current: () => limit,
    reached() {
      bound = true;
      closeWindowIfDue();
    },
    finished(ms) {
      samples.push(ms);
      closeWindowIfDue();
    },
  };
}
