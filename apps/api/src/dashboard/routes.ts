import type { Express } from 'express';
import { DASHBOARD_JS } from './app.js';
import { DASHBOARD_HTML } from './page.js';

// Scripts only from this origin, no inline code: a key typed into the page cannot be read by injected script.
const CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'";

/** GET /dashboard: a small page a person opens, enters an API key and sees efficiency, provenance and activity. */
export function mountDashboardPage(app: Express): void {
  app.get('/dashboard', (_req, res) => {
    res.set({ 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).type('html').send(DASHBOARD_HTML);
  });
  app.get('/dashboard/app.js', (_req, res) => {
    res.set({ 'Content-Security-Policy': CSP, 'Cache-Control': 'no-cache' }).type('js').send(DASHBOARD_JS);
  });
}
