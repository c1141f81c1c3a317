/** Time per stage of a request (ingest, SIP build), from the API's `memctx_request_stage_seconds` histogram. */
import { fmt } from './stats.js';

export interface StageFigure {
  stage: string;
  count: number;
  meanMs: number;
  /** Upper bound of the bucket holding the 99th percentile, in ms (Infinity past the last bucket). */
  p99Ms: number;
}

/** One stage's histogram as scraped: cumulative bucket counts by upper bound. */
interface StageHistogram {
  sum: number;
  count: number;
  buckets: Map<number, number>;
}

const SAMPLE = /^memctx_request_stage_seconds_(bucket|sum|count)\{([^}]*)\} (\S+)$/;

function labelsOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** The stage histograms of one route from a Prometheus text exposition, in the order the API records them. */
export function stageSnapshot(metrics: string, route: string): Map<string, StageHistogram> {
  const byStage = new Map<string, StageHistogram>();
  for (const line of metrics.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels = labelsOf(match[2]!);
    if (labels.route !== route || !labels.stage) continue;
    const entry = byStage.get(labels.stage) ?? { sum: 0, count: 0, buckets: new Map() };
    byStage.set(labels.stage, entry);
    const value = Number(match[3]);
    if (match[1] === 'sum') entry.sum = value;
    else if (match[1] === 'count') entry.count = value;
    else entry.buckets.set(labels.le === '+Inf' ? Infinity : Number(labels.le), value);
  }
  return byStage;
}

/** Figures per stage over the requests between two snapshots (from the start when `before` is absent). */
export function stageFigures(after: Map<string, StageHistogram>, before = new Map<string, StageHistogram>()): StageFigure[] {
  return [...after].map(([stage, a]) => {
    const b = before.get(stage);
    const count = a.count - (b?.count ?? 0);
    const sum = a.sum - (b?.sum ?? 0);
    const p99 = [...a.buckets].find(([le, cumulative]) => cumulative - (b?.buckets.get(le) ?? 0) >= count * 0.99)?.[0] ?? Infinity;
    return { stage, count, meanMs: count ? (sum / count) * 1000 : 0, p99Ms: p99 * 1000 };
  }).filter((s) => s.count > 0);
}

/** The stages of one route over all its requests so far. */
export const requestStages = (metrics: string, route: string): StageFigure[] => stageFigures(stageSnapshot(metrics, route));

export function printStages(title: string, stages: StageFigure[]): void {
  if (stages.length === 0) return;
  console.log(`  ${title} (mean; p99 as the upper bound of its histogram bucket):`);
  for (const s of stages) console.log(`    ${s.stage.padEnd(18)} mean ${fmt(s.meanMs, 2).padStart(7)} ms   p99 ≤ ${fmt(s.p99Ms, 1).padStart(6)} ms   (${s.count} requests)`);
}
