/**
 * The dashboard's browser script, served as-is (no build step). It keeps the
 * API key in memory only; uPlot (served from /dashboard/vendor) draws the series.
 * The memory browser's part is in browser.ts; both run in one script.
 */
export const DASHBOARD_JS = `'use strict';
const $ = (id) => document.getElementById(id);
const fmt = (n) => Number(n).toLocaleString('en-US', { maximumFractionDigits: 1 });
const text = (tag, value, cls) => { const el = document.createElement(tag); el.textContent = value; if (cls) el.className = cls; return el; };
const row = (...cells) => { const tr = document.createElement('tr'); tr.append(...cells); return tr; };
const when = (date) => date.toLocaleString();
const PROVENANCES = ['USER_STATED', 'USER_CONFIRMED', 'DOCUMENT_VERIFIED', 'AI_INFERRED', 'ROUND', 'AI_GENERATED'];
const state = { key: '', chart: null, timer: null };

async function api(path) {
  const response = await fetch(path, { headers: { authorization: 'Bearer ' + state.key } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(response.status + ': ' + (typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail)));
  return body;
}
const projectQuery = (prefix) => ($('project').value ? prefix + 'project_id=' + encodeURIComponent($('project').value) : '');

function drawChart(series) {
  const data = [series.map((p) => p.period_start), series.map((p) => p.tokens_baseline), series.map((p) => p.tokens_sip)];
  const width = Math.max(300, $('chart').clientWidth);
  if (state.chart) { state.chart.setData(data); state.chart.setSize({ width, height: 240 }); return; }
  state.chart = new uPlot({
    width, height: 240,
    series: [{}, { label: 'without memory', stroke: '#9aa3b8', fill: 'rgba(154,163,184,.15)', width: 2 }, { label: 'with SIPs', stroke: '#3b6fd8', fill: 'rgba(59,111,216,.15)', width: 2 }],
    axes: [{}, { values: (_u, ticks) => ticks.map(fmt) }],
    scales: { x: { time: true } },
  }, data, $('chart'));
}

function drawProvenance(counts) {
  const max = Math.max(1, ...Object.values(counts));
  $('provenance').replaceChildren(...Object.entries(counts).map(([name, count]) => {
    const line = document.createElement('div');
    line.className = 'bar-row';
    line.dataset.provenance = name;
    const bar = text('span', '', 'bar');
    bar.style.width = (100 * count / max) + '%';
    const track = document.createElement('span');
    track.append(bar);
    line.append(text('span', name), track, text('span', fmt(count), 'n'));
    return line;
  }));
}

async function loadProjects() {
  const chosen = $('project').value;
  const { projects } = await api('/api/v1/projects?limit=200');
  $('project').replaceChildren(new Option('all projects', ''), ...projects.map((p) => new Option(p.name, p.id)));
  $('project').value = projects.some((p) => p.id === chosen) ? chosen : '';
}

async function refresh() {
  $('status').textContent = 'Loading…';
  try {
    await loadProjects();
    const [efficiency, activity, provenance] = await Promise.all([
      api('/api/v1/dashboard/efficiency?window_seconds=' + $('window').value),
      api('/api/v1/dashboard/activity?limit=15'),
      api('/api/v1/dashboard/provenance' + projectQuery('?')),
    ]);
    $('baseline').textContent = fmt(efficiency.tokens_baseline);
    $('sip').textContent = fmt(efficiency.tokens_sip);
    $('saved').textContent = fmt(efficiency.tokens_saved);
    $('percent').textContent = fmt(efficiency.percent_reduction) + ' %';
    drawChart(efficiency.series);
    drawProvenance(provenance.provenance);
    $('activity').replaceChildren(...activity.items.map((item) => row(text('td', when(new Date(item.timestamp * 1000))), text('td', item.type), text('td', item.summary))));
    await searchRecords();
    $('status').textContent = '';
  } catch (error) {
    $('status').textContent = 'Could not load the dashboard: ' + error.message;
  }
}

function schedule() {
  clearInterval(state.timer);
  if ($('auto').checked && state.key) state.timer = setInterval(refresh, 30000);
}

function start() {
  const key = $('key').value.trim();
  if (!key) { $('status').textContent = 'Enter an API key.'; return; }
  state.key = key;
  refresh();
  schedule();
}

$('provenance-filter').append(...PROVENANCES.map((name) => new Option(name, name)));
$('load').addEventListener('click', start);
$('key').addEventListener('keydown', (event) => { if (event.key === 'Enter') start(); });
for (const id of ['window', 'project']) $(id).addEventListener('change', () => { if (state.key) refresh(); });
$('auto').addEventListener('change', schedule);
`;
