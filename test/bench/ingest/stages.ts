/** Time per stage of an ingest request, from the API's `memctx_request_stage_seconds` histogram. */
export interface StageFigure {
  stage: string;
  count: number;
  meanMs: number;
  /** Upper bound of the bucket holding the 99th percentile, in ms (Infinity past the last bucket). */
  p99Ms: number;
}

const SAMPLE = /^memctx_request_stage_seconds_(bucket|sum|count)\{([^}]*)\} (\S+)$/;

function labelsOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** Reads the stages of one route from a Prometheus text exposition, in the order the API records them. */
export function ingestStages(metrics: string, route = '/api/v1/memory/ingest'): StageFigure[] {
  const byStage = new Map<string, { sum: number; count: number; buckets: [number, number][] }>();
  for (const line of metrics.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels = labelsOf(match[2]!);
    if (labels.route !== route || !labels.stage) continue;
    const entry = byStage.get(labels.stage) ?? { sum: 0, count: 0, buckets: [] };
    byStage.set(labels.stage, entry);
    const value = Number(match[3]);
    if (match[1] === 'sum') entry.sum = value;
    else if (match[1] === 'count') entry.count = value;
    else entry.buckets.push([labels.le === '+Inf' ? Infinity : Number(labels.le), value]);
  }
  return [...byStage].map(([stage, { sum, count, buckets }]) => {
    const p99 = buckets.find(([, cumulative]) => cumulative >= count * 0.99)?.[0] ?? Infinity;
    return { stage, count, meanMs: count ? (sum / count) * 1000 : 0, p99Ms: p99 * 1000 };
  });
}
