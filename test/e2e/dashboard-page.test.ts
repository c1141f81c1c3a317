import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleDashboard } from '../../apps/api/scripts/bundle-dashboard.js';
import { until } from './processes.js';
import { startTestServer, type Client, type TestServer } from './server.js';

/** The dashboard page in headless Chromium (Debian's package; .ci/run installs it): a person enters a key and sees the figures. */
const CHROMIUM = process.env.MEMCTX_CHROMIUM ?? '/usr/bin/chromium';
// MEMCTX_DASHBOARD_SCREENSHOT=docs/dashboard.png refreshes the README's picture; by default it stays an untracked artifact.
const SCREENSHOT = resolve(process.env.MEMCTX_DASHBOARD_SCREENSHOT ?? join(import.meta.dirname, 'artifacts', 'dashboard.png'));

let server: TestServer;
let alice: Client;
let browser: Browser;
let projectId: string | undefined;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is required at ${CHROMIUM}: run infra/scripts/ensure-chromium.sh (CI does) or set MEMCTX_CHROMIUM`);
  // The page runs the browser code as it is in the tree, not as the last build left it.
  await bundleDashboard();
  server = await startTestServer();
  alice = await server.newUser('page');
  const created = await alice.call('POST', '/api/v1/projects', { name: 'apiary' });
  // Under a loaded machine the create may answer 503 (stored, not yet readable): then the listing shows it shortly.
  projectId = created.body.id;
  await until(async () => Boolean((projectId ??= (await alice.call('GET', '/api/v1/projects')).body.projects?.[0]?.id)), 20_000, 'the project');
  // Some history first, so a SIP has something to save against (and the screenshot shows it).
  for (const [i, topic] of ['tomatoes', 'sourdough', 'chess openings', 'marathon training', 'Portuguese lessons', 'the cello', 'bird watching', 'pottery'].entries()) {
    await alice.call('POST', '/api/v1/memory/ingest', {
      session_id: 'notes', user_message: `Note ${i + 1}: lately I have been spending most evenings on ${topic}, and I want to keep getting better at it.`,
      assistant_message: `That sounds rewarding; I will remember that ${topic} matters to you.`,
    });
  }
  await alice.call('POST', '/api/v1/memory/ingest', { session_id: 's', user_message: 'I keep bees on the roof', assistant_message: 'Two hives, noted.', project_id: projectId });
  await alice.call('POST', '/api/v1/memory/generated', { session_id: 's', user_message: 'and?', assistant_message: 'You may like honey.' });
  await alice.call('POST', '/api/v1/memory/ingest', { session_id: 't', user_message: 'My bicycle is red', assistant_message: 'Got it.' });
  await alice.call('POST', '/api/v1/sip/build', { query: 'bees' });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('GET /dashboard', () => {
  it('shows efficiency as a uPlot chart, provenance, activity and a memory browser for the key entered', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    const foreign: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    page.on('request', (request) => { if (!request.url().startsWith(server.url)) foreign.push(request.url()); });
    const response = await page.goto(`${server.url}/dashboard`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.fill('#key', alice.key);
    await page.click('#load');
    await page.waitForFunction(() => document.querySelector('#sip')!.textContent !== '–' && document.querySelectorAll('#records tr').length > 0);

    const efficiency = (await alice.call('GET', '/api/v1/dashboard/efficiency?window_seconds=604800')).body;
    expect(await page.textContent('#sip')).toBe(efficiency.tokens_sip.toLocaleString('en-US'));
    expect(await page.textContent('#baseline')).toBe(efficiency.tokens_baseline.toLocaleString('en-US'));
    expect(await page.locator('#chart .uplot canvas').count()).toBeGreaterThan(0);
    expect(await page.locator('#chart .u-legend').textContent()).toContain('with SIPs');
    expect(await page.locator('#provenance .bar-row').count()).toBe(6);
    expect(await page.textContent('#provenance [data-provenance="AI_GENERATED"]')).toContain('1');
    const activityTypes = await page.locator('#activity tr td:nth-child(2)').allTextContents();
    expect(activityTypes).toEqual(['sip_built', 'round_ingested', 'statement_generated', ...Array(9).fill('round_ingested')]);

    // The memory browser: every record, then a search, then the provenance filter, then one record opened.
    expect(await page.locator('#records tr').count()).toBe(11);
    await page.fill('#query', 'bicycle');
    await page.click('#search');
    await page.waitForFunction(() => document.querySelector('#records tr td:nth-child(3)')?.textContent?.includes('bicycle'));
    await page.fill('#query', '');
    await page.selectOption('#provenance-filter', 'AI_GENERATED');
    await page.waitForFunction(() => [...document.querySelectorAll('#records tr td:nth-child(2)')].map((td) => td.textContent).join() === 'AI_GENERATED');
    await page.click('#records tr');
    expect(await page.textContent('#detail')).toContain('You may like honey.');

    // The project filter restricts provenance counts and records to that project.
    await page.selectOption('#provenance-filter', '');
    await page.selectOption('#project', projectId!);
    await page.waitForFunction(() => document.querySelector('#provenance [data-provenance="ROUND"] .n')?.textContent === '1');
    // Session s is in the project: its round and the statement generated in it.
    await page.waitForFunction(() => document.querySelectorAll('#records tr').length === 2);
    expect(await page.textContent('#records')).toContain('bees');
    expect(await page.textContent('#records')).not.toContain('bicycle');

    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.selectOption('#project', '');
    await page.waitForFunction(() => document.querySelectorAll('#records tr').length === 11);
    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
  });

  it('serves uPlot from this server and nothing else under /dashboard/vendor', async () => {
    const script = await fetch(`${server.url}/dashboard/vendor/uPlot.iife.min.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('uPlot');
    for (const name of ['constructor', '__proto__', '..%2Fpackage.json', 'nope.js']) {
      expect((await fetch(`${server.url}/dashboard/vendor/${name}`)).status, name).toBe(404);
    }
  });

  it('says so when the key is wrong, without showing figures', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.fill('#key', 'mcx_not-a-real-key');
    await page.click('#load');
    await page.waitForFunction(() => document.querySelector('#status')!.textContent!.startsWith('Could not load'));
    expect(await page.textContent('#status')).toContain('401');
    expect(await page.textContent('#sip')).toBe('–');
  });
});
