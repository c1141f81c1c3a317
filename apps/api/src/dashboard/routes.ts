import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Express } from 'express';
import { DASHBOARD_HTML } from './page.js';

// Scripts and styles only from this origin, no inline code: a key typed into the page cannot be read by injected script.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

// uPlot's own files from the package, so nothing is fetched from another origin.
const require = createRequire(import.meta.url);
const uplotDir = require.resolve('uplot/dist/uPlot.iife.min.js').replace(/uPlot\.iife\.min\.js$/, '');
const VENDOR = new Map([
  ['uPlot.iife.min.js', { type: 'js', body: readFileSync(`${uplotDir}uPlot.iife.min.js`, 'utf8') }],
  ['uPlot.min.css', { type: 'css', body: readFileSync(`${uplotDir}uPlot.min.css`, 'utf8') }],
]);

// The browser code (./browser) bundled by scripts/bundle-dashboard.ts: apps/api/dist/public, the same path from src/ and dist/.
const SCRIPT_PATH = new URL('../../dist/public/dashboard.js', import.meta.url);
let script: string | undefined;
// Read on first request, so a process started from source without a build serves everything but this one file.
const dashboardScript = () => (script ??= existsSync(SCRIPT_PATH) ? readFileSync(SCRIPT_PATH, 'utf8') : undefined);

/** GET /dashboard: a page a person opens, enters an API key and sees efficiency, provenance, activity and their memory. */
export function mountDashboardPage(app: Express): void {
  app.get('/dashboard', (_req, res) => {
    res.set({ 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).type('html').send(DASHBOARD_HTML);
  });
  app.get('/dashboard/app.js', (_req, res) => {
    const body = dashboardScript();
    if (body === undefined) {
      res.status(404).json({ detail: 'The dashboard script is not built: run pnpm build' });
      return;
    }
    res.set({ 'Content-Security-Policy': CSP, 'Cache-Control': 'no-cache' }).type('js').send(body);
  });
  app.get('/dashboard/vendor/:file', (req, res) => {
    const file = VENDOR.get(req.params.file);
    if (!file) {
      res.status(404).json({ detail: 'Not Found' });
      return;
    }
    res.set({ 'Content-Security-Policy': CSP, 'Cache-Control': 'public, max-age=86400' }).type(file.type).send(file.body);
  });
}
