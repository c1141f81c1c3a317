import type { Queryable } from '@memctx/db';

export interface EfficiencyPoint {
  /** Unix epoch seconds (UTC) at which the period starts. */
  period_start: number;
  tokens_baseline: number;
  tokens_sip: number;
}

export interface Efficiency {
  tokens_baseline: number;
  tokens_sip: number;
  tokens_saved: number;
  percent_reduction: number;
  series: EfficiencyPoint[];
}

// Period widths, smallest first; the first that splits the window into at most MAX_POINTS periods is used.
const PERIODS_SECONDS = [60, 300, 900, 3_600, 10_800, 21_600, 86_400, 604_800, 2_592_000];
const MAX_POINTS = 60;

export function periodFor(windowSeconds: number): number {
  return PERIODS_SECONDS.find((period) => windowSeconds / period <= MAX_POINTS) ?? Math.ceil(windowSeconds / MAX_POINTS);
}

/**
 * Token use of the caller's visible SIP builds in the window, in total and per
 * period (aligned to multiples of the period since the epoch, every period
 * present, zero where nothing was built).
 */
export async function efficiency(db: Queryable, userId: string, windowSeconds: number, now = new Date()): Promise<Efficiency> {
  const period = periodFor(windowSeconds);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const from = nowSeconds - windowSeconds;
  const { rows } = await db.query<{ period_start: string; tokens_baseline: string; tokens_sip: string }>(
    `SELECT (floor(extract(epoch FROM built_at) / $3) * $3)::bigint AS period_start,
       sum(tokens_baseline) AS tokens_baseline, sum(tokens_sip) AS tokens_sip
     FROM sip_builds WHERE user_id = $1 AND NOT hidden AND built_at > to_timestamp($2) AND built_at <= to_timestamp($4)
     GROUP BY 1`,
    [userId, from, period, now.getTime() / 1000],
  );
  const byPeriod = new Map(rows.map((row) => [Number(row.period_start), row]));
  const series: EfficiencyPoint[] = [];
  for (let start = Math.floor(from / period) * period; start <= nowSeconds; start += period) {
    const row = byPeriod.get(start);
    series.push({ period_start: start, tokens_baseline: Number(row?.tokens_baseline ?? 0), tokens_sip: Number(row?.tokens_sip ?? 0) });
  }
  const tokens_baseline = series.reduce((sum, p) => sum + p.tokens_baseline, 0);
  const tokens_sip = series.reduce((sum, p) => sum + p.tokens_sip, 0);
  const tokens_saved = tokens_baseline - tokens_sip;
  const percent_reduction = tokens_baseline > 0 ? Math.round((tokens_saved / tokens_baseline) * 10_000) / 100 : 0;
  return { tokens_baseline, tokens_sip, tokens_saved, percent_reduction, series };
}
