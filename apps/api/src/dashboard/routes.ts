import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Express } from 'express';
import { DASHBOARD_JS } from './app.js';
import { MEMORY_BROWSER_JS } from './browser.js';
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
const SCRIPT = `${DASHBOARD_JS}${MEMORY_BROWSER_JS}`;

/** GET /dashboard: a page a person opens, enters an API key and sees efficiency, provenance, activity and their memory. */
export function mountDashboardPage(app: Express): void {
  app.get('/dashboard', (_req, res) => {
    res.set({ 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).type('html').send(DASHBOARD_HTML);
  });
  app.get('/dashboard/app.js', (_req, res) => {
    res.set({ 'Content-Security-Policy': CSP, 'Cache-Control': 'no-cache' }).type('js').send(SCRIPT);
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
