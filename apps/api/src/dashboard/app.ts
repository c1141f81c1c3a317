/**
 * The dashboard's browser script, served as-is (no build step). It keeps the
 * API key in memory only and draws the series as plain SVG bars.
 */
export const DASHBOARD_JS = `'use strict';
const $ = (id) => document.getElementById(id);
const fmt = (n) => Number(n).toLocaleString('en-US', { maximumFractionDigits: 1 });
const text = (tag, value, cls) => { const el = document.createElement(tag); el.textContent = value; if (cls) el.className = cls; return el; };

async function api(path, key) {
  const response = await fetch(path, { headers: { authorization: 'Bearer ' + key } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(response.status + ': ' + (typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail)));
  return body;
}

function drawChart(series) {
  const svg = $('chart');
  svg.replaceChildren();
  const ns = 'http://www.w3.org/2000/svg';
  const max = Math.max(1, ...series.map((p) => Math.max(p.tokens_baseline, p.tokens_sip)));
  const width = 900, height = 200, slot = width / Math.max(1, series.length), bar = Math.max(1, slot / 2 - 1);
  series.forEach((p, i) => {
    [[p.tokens_baseline, '#c9cfdd', 0], [p.tokens_sip, '#3b6fd8', bar]].forEach(([value, color, dx]) => {
      const h = (value / max) * (height - 10);
      const rect = document.createElementNS(ns, 'rect');
      rect.setAttribute('x', String(i * slot + dx));
      rect.setAttribute('y', String(height - h));
      rect.setAttribute('width', String(bar));
      rect.setAttribute('height', String(h));
      rect.setAttribute('fill', color);
      rect.setAttribute('data-period', String(p.period_start));
      svg.appendChild(rect);
    });
  });
  const label = document.createElementNS(ns, 'text');
  label.setAttribute('x', '4'); label.setAttribute('y', '12');
  label.textContent = 'max ' + fmt(max) + ' tokens per period';
  svg.appendChild(label);
}

async function load() {
  const key = $('key').value.trim();
  if (!key) { $('status').textContent = 'Enter an API key.'; return; }
  $('status').textContent = 'Loading…';
  try {
    const [efficiency, activity, provenance] = await Promise.all([
      api('/api/v1/dashboard/efficiency?window_seconds=' + $('window').value, key),
      api('/api/v1/dashboard/activity?limit=15', key),
      api('/api/v1/dashboard/provenance', key),
    ]);
    $('baseline').textContent = fmt(efficiency.tokens_baseline);
    $('sip').textContent = fmt(efficiency.tokens_sip);
    $('saved').textContent = fmt(efficiency.tokens_saved);
    $('percent').textContent = fmt(efficiency.percent_reduction) + ' %';
    drawChart(efficiency.series);
    $('activity').replaceChildren(...activity.items.map((item) => {
      const row = document.createElement('tr');
      row.append(text('td', new Date(item.timestamp * 1000).toLocaleString()), text('td', item.type), text('td', item.summary));
      return row;
    }));
    $('provenance').replaceChildren(...Object.entries(provenance.provenance).map(([name, count]) => {
      const row = document.createElement('tr');
      row.append(text('td', name), text('td', fmt(count), 'n'));
      return row;
    }));
    $('status').textContent = '';
  } catch (error) {
    $('status').textContent = 'Could not load the dashboard: ' + error.message;
  }
}

$('load').addEventListener('click', load);
$('window').addEventListener('change', () => { if ($('key').value) load(); });
$('key').addEventListener('keydown', (event) => { if (event.key === 'Enter') load(); });
`;
