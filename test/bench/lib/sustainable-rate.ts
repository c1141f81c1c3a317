import { runOpenLoop, type LoadRequest, type PhaseSummary } from './open-loop.js';
import { fmt } from './stats.js';

export interface RampOptions {
  origin: string;
  request(i: number): LoadRequest & { kind: string };
  /** The first rate tried, req/s. */
  startRate: number;
  /** Each step offers this much more than the last. */
  factor: number;
  stepSeconds: number;
  /** A step whose accepted p99 is above it is past what the service sustains. */
  maxP99Ms: number;
  /** Events appended but not yet projected; a step that leaves more than `rate × maxLagSeconds` outran the projector. */
  lag(): Promise<number>;
  maxLagSeconds: number;
  /** Called between steps, e.g. to let the projector catch up. */
  between?(): Promise<void>;
}

export interface RampStep extends PhaseSummary {
  lag: number;
  sustained: boolean;
}

/**
 * The highest rate of a short geometric ramp that the service sustains: every request accepted (at most 1 % shed,
 * no errors), the accepted p99 within `maxP99Ms`, and the projector keeping up. Stops at a rate that fails twice in a
 * row after one passed (one burst in a few seconds of open-loop arrivals is no saturation: a checkpoint or a
 * collection lands in it); while none has, a failed step is tried again at half the rate (a busy machine), down to
 * 1 req/s.
 */
export async function findSustainableRate(options: RampOptions, log: (line: string) => void): Promise<{ rate: number; steps: RampStep[] }> {
  const steps: RampStep[] = [];
  let sustainedRate = 0;
  let failedOnce = false;
  for (let rate = options.startRate; rate >= 1; ) {
    const summary = await runOpenLoop({ origin: options.origin, rate, seconds: options.stepSeconds, request: options.request });
    const lag = await options.lag();
    const sustained = summary.errors === 0 && summary.shed <= summary.sent * 0.01 && summary.p99 <= options.maxP99Ms && lag <= rate * options.maxLagSeconds;
    steps.push({ ...summary, lag, sustained });
    log(`  ramp ${String(rate).padStart(5)} req/s: accepted ${fmt(summary.accepted / options.stepSeconds, 0)}/s, shed ${summary.shed}, errors ${summary.errors}, ` +
      `p50 ${fmt(summary.p50)} ms, p99 ${fmt(summary.p99)} ms (sending late by up to ${fmt(summary.sendLagP99)} ms), projection lag ${lag} → ${sustained ? 'sustained' : 'not sustained'}`);
    await options.between?.();
    if (sustained) {
      sustainedRate = rate;
      rate = Math.round(rate * options.factor);
      failedOnce = false;
    } else if (sustainedRate === 0) rate = Math.floor(rate / 2);
    else if (!failedOnce) failedOnce = true;
    else break;
  }
  return { rate: sustainedRate, steps };
}
