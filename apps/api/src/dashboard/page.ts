/** The dashboard page: static markup; app.ts fills it from the dashboard API with the key the person enters. */
export const DASHBOARD_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>memctx dashboard</title>
<style>
  body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7fb; }
  header { background: #1d2330; color: #fff; padding: 12px 24px; display: flex; gap: 16px; align-items: center; }
  header h1 { font-size: 18px; margin: 0 auto 0 0; }
  header input { width: 340px; padding: 6px 8px; border-radius: 4px; border: 0; }
  header button, select { padding: 6px 12px; border-radius: 4px; border: 0; }
  main { display: grid; grid-template-columns: 2fr 1fr; gap: 16px; padding: 16px 24px; }
  section { background: #fff; border-radius: 8px; padding: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  section.wide { grid-column: 1 / -1; }
  h2 { font-size: 15px; margin: 0 0 12px; }
  .figures { display: flex; gap: 24px; margin-bottom: 8px; }
  .figure b { display: block; font-size: 22px; }
  table { border-collapse: collapse; width: 100%; }
  td, th { text-align: left; padding: 4px 6px; border-bottom: 1px solid #eef0f5; }
  td.n { text-align: right; font-variant-numeric: tabular-nums; }
  #status { padding: 0 24px; color: #a33; min-height: 1.5em; }
  .legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
  svg text { font-size: 10px; fill: #667; }
</style>
</head>
<body>
<header>
  <h1>memctx · tokens saved</h1>
  <label>Window <select id="window">
    <option value="3600">1 hour</option><option value="86400">1 day</option>
    <option value="604800" selected>7 days</option><option value="2592000">30 days</option>
  </select></label>
  <input id="key" type="password" placeholder="API key (kept in this tab only)" autocomplete="off">
  <button id="load">Show</button>
</header>
<p id="status" role="status"></p>
<main>
  <section class="wide">
    <h2>Efficiency</h2>
    <div class="figures">
      <div class="figure">Without memory<b id="baseline">–</b></div>
      <div class="figure">With SIPs<b id="sip">–</b></div>
      <div class="figure">Saved<b id="saved">–</b></div>
      <div class="figure">Reduction<b id="percent">–</b></div>
    </div>
    <div class="legend"><span style="background:#c9cfdd"></span>baseline tokens<span style="background:#3b6fd8"></span>SIP tokens</div>
    <svg id="chart" width="100%" height="220" viewBox="0 0 900 220" preserveAspectRatio="none" aria-label="tokens per period"></svg>
  </section>
  <section>
    <h2>Recent activity</h2>
    <table><thead><tr><th>When</th><th>Type</th><th>Summary</th></tr></thead><tbody id="activity"></tbody></table>
  </section>
  <section>
    <h2>Records by provenance</h2>
    <table><tbody id="provenance"></tbody></table>
  </section>
</main>
<script src="/dashboard/app.js"></script>
</body>
</html>
`;
