import type UPlot from 'uplot';
import type { Schemas } from './api.js';
import { fmt, page } from './dom.js';

// uPlot comes from its own script tag (/dashboard/vendor/uPlot.iife.min.js) as a global, so this bundle does not carry it.
declare const uPlot: typeof UPlot;

const HEIGHT = 240;
let chart: UPlot | undefined;

/** The totals as figures and the series as a chart of tokens with and without memory. */
export function showEfficiency(efficiency: Schemas['EfficiencyResponse']): void {
  page.baseline.textContent = fmt(efficiency.tokens_baseline);
  page.sip.textContent = fmt(efficiency.tokens_sip);
  page.saved.textContent = fmt(efficiency.tokens_saved);
  page.percent.textContent = `${fmt(efficiency.percent_reduction)} %`;
  drawChart(efficiency.series);
}

function drawChart(series: Schemas['EfficiencyPoint'][]): void {
  const data: UPlot.AlignedData = [series.map((p) => p.period_start), series.map((p) => p.tokens_baseline), series.map((p) => p.tokens_sip)];
  const width = Math.max(300, page.chart.clientWidth);
  if (chart) {
    chart.setData(data);
    chart.setSize({ width, height: HEIGHT });
    return;
  }
  chart = new uPlot(
    {
      width,
      height: HEIGHT,
      series: [
        {},
        { label: 'without memory', stroke: '#9aa3b8', fill: 'rgba(154,163,184,.15)', width: 2 },
        { label: 'with SIPs', stroke: '#3b6fd8', fill: 'rgba(59,111,216,.15)', width: 2 },
      ],
      axes: [{}, { values: (_u, ticks) => ticks.map(fmt) }],
      scales: { x: { time: true } },
    },
    data,
    page.chart,
  );
}
