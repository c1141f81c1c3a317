import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './server.js';

/** The dashboard page in headless Chromium (Debian's package; .ci/run installs it): a person enters a key and sees the figures. */
const CHROMIUM = process.env.MEMCTX_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = join(import.meta.dirname, 'artifacts');

let server: TestServer;
let alice: Client;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is required at ${CHROMIUM}: run infra/scripts/ensure-chromium.sh (CI does) or set MEMCTX_CHROMIUM`);
  server = await startTestServer();
  alice = await server.newUser('page');
  await alice.call('POST', '/api/v1/memory/ingest', { session_id: 's', user_message: 'I keep bees on the roof', assistant_message: 'Two hives, noted.' });
  await alice.call('POST', '/api/v1/memory/generated', { session_id: 's', user_message: 'and?', assistant_message: 'You may like honey.' });
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
  it('shows efficiency, provenance and activity for the key entered, and draws the series', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${server.url}/dashboard`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.fill('#key', alice.key);
    await page.click('#load');
    await page.waitForFunction(() => document.querySelector('#sip')!.textContent !== '–');

    const efficiency = (await alice.call('GET', '/api/v1/dashboard/efficiency?window_seconds=604800')).body;
    expect(await page.textContent('#sip')).toBe(efficiency.tokens_sip.toLocaleString('en-US'));
    expect(await page.textContent('#baseline')).toBe(efficiency.tokens_baseline.toLocaleString('en-US'));
    expect(await page.locator('#chart rect').count()).toBe(efficiency.series.length * 2);
    expect(await page.locator('#provenance tr').count()).toBe(6);
    expect(await page.textContent('#provenance')).toContain('AI_GENERATED1');
    const activityTypes = await page.locator('#activity tr td:nth-child(2)').allTextContents();
    expect(activityTypes).toEqual(['sip_built', 'statement_generated', 'round_ingested']);
    expect(errors).toEqual([]);

    mkdirSync(ARTIFACTS, { recursive: true });
    const shot = join(ARTIFACTS, 'dashboard.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
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
