/** The dashboard page: static markup; the browser script (browser/main.ts) fills it from the API with the key the person enters. */
export const DASHBOARD_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>memctx dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/vendor/uPlot.min.css">
<style>
  body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7fb; }
  header { background: #1d2330; color: #fff; padding: 12px 24px; display: flex; gap: 14px; align-items: center; flex-wrap: wrap; }
  header h1 { font-size: 18px; margin: 0 auto 0 0; }
  header input { width: 300px; padding: 6px 8px; border-radius: 4px; border: 0; }
  header button, select { padding: 6px 10px; border-radius: 4px; border: 0; }
  main { display: grid; grid-template-columns: 2fr 1fr; gap: 16px; padding: 16px 24px; }
  section { background: #fff; border-radius: 8px; padding: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08); min-width: 0; }
  section.wide { grid-column: 1 / -1; }
  h2 { font-size: 15px; margin: 0 0 12px; }
  .figures { display: flex; gap: 24px; margin-bottom: 8px; }
  .figure b { display: block; font-size: 22px; }
  .note { color: #667; font-size: 12px; }
  table { border-collapse: collapse; width: 100%; }
  td, th { text-align: left; padding: 4px 6px; border-bottom: 1px solid #eef0f5; vertical-align: top; }
  td.n { text-align: right; font-variant-numeric: tabular-nums; }
  #status { padding: 0 24px; color: #a33; min-height: 1.5em; }
  .bar-row { display: grid; grid-template-columns: 150px 1fr 48px; gap: 8px; align-items: center; margin: 4px 0; }
  .bar-row .bar { display: block; height: 14px; background: #3b6fd8; border-radius: 3px; min-width: 1px; }
  .bar-row .n { text-align: right; font-variant-numeric: tabular-nums; }
  .search { display: flex; gap: 8px; margin-bottom: 8px; }
  .search input { flex: 1; padding: 6px 8px; border: 1px solid #ccd; border-radius: 4px; }
  #records tr { cursor: pointer; }
  #records tr:hover { background: #f0f3fa; }
  #detail { white-space: pre-wrap; background: #f6f7fb; border-radius: 6px; padding: 8px; margin-top: 8px; min-height: 2em; }
  .tag { font-size: 11px; background: #e7ecf8; border-radius: 3px; padding: 1px 5px; }
</style>
</head>
<body>
<header>
  <h1>memctx</h1>
  <label>Project <select id="project"><option value="">all projects</option></select></label>
  <label>Window <select id="window">
    <option value="3600">1 hour</option><option value="86400">1 day</option>
    <option value="604800" selected>7 days</option><option value="2592000">30 days</option>
  </select></label>
  <label><input id="auto" type="checkbox" checked style="width:auto"> refresh every 30 s</label>
  <input id="key" type="password" placeholder="API key (kept in this tab only)" autocomplete="off">
  <button id="load">Show</button>
</header>
<p id="status" role="status"></p>
<main>
  <section class="wide">
    <h2>Tokens with memory vs. without</h2>
    <div class="figures">
      <div class="figure">Without memory<b id="baseline">–</b></div>
      <div class="figure">With SIPs<b id="sip">–</b></div>
      <div class="figure">Saved<b id="saved">–</b></div>
      <div class="figure">Reduction<b id="percent">–</b></div>
    </div>
    <div id="chart" aria-label="tokens per period"></div>
    <p class="note">All of your projects: the efficiency endpoint is per user.</p>
  </section>
  <section>
    <h2>Memory browser</h2>
    <div class="search">
      <input id="query" type="search" placeholder="Search memory (same retrieval as the SIP)">
      <select id="provenance-filter"><option value="">any provenance</option></select>
      <button id="search">Search</button>
    </div>
    <table><thead><tr><th>When</th><th>Provenance</th><th>Summary</th></tr></thead><tbody id="records"></tbody></table>
    <div id="detail" aria-live="polite"></div>
  </section>
  <section>
    <h2>Records by provenance</h2>
    <div id="provenance"></div>
  </section>
  <section class="wide">
    <h2>Recent activity</h2>
    <table><thead><tr><th>When</th><th>Type</th><th>Summary</th></tr></thead><tbody id="activity"></tbody></table>
  </section>
</main>
<script src="/dashboard/vendor/uPlot.iife.min.js"></script>
<script src="/dashboard/app.js"></script>
</body>
</html>
`;
