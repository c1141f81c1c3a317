import { createMemctxClient } from '@memctx/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  // Without embeddings nothing fills the vectors, so the backlog is exactly the records written.
  server = await startTestServer({ MEMCTX_EMBEDDINGS: 'off' });
});
afterAll(async () => {
  await server?.stop();
});

const scrape = async () => (await fetch(`${server.url}/metrics`)).text();
const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('the service metrics on /metrics', () => {
  it('count rounds, SIP builds and tokens saved, and gauge lag, embedding backlog and queue depth', async () => {
    const user = await server.newUser('metrics');
    const client = createMemctxClient({ baseUrl: server.url, apiKey: user.key });
    await client.ingestRound({ session_id: 'm-1', user_message: 'I drink my coffee black, no sugar, every single morning.', assistant_message: 'Noted.' });
    await client.ingestRound({ session_id: 'm-1', user_message: 'My bike is a green Brompton.', assistant_message: 'Nice.' });
    await client.buildSip({ query: 'How do I take my coffee?' });
    // A read waits for the caller's writes to be projected, so the records exist when the gauges look.
    expect((await client.listRecords()).records).toHaveLength(2);

    const text = await scrape();
    expect(valueOf(text, 'memctx_rounds_ingested_total')).toBe(2);
    expect(valueOf(text, 'memctx_sip_build_duration_seconds_count')).toBe(1);
    expect(valueOf(text, 'memctx_sip_build_duration_seconds_sum')).toBeGreaterThan(0);
    expect(valueOf(text, 'memctx_tokens_saved_total')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'memctx_embedding_backlog')).toBe(2);
    expect(valueOf(text, 'memctx_queue_depth{queue="documents"}')).toBe(0);
    for (const projection of ['sessions', 'memory_records']) {
      expect(valueOf(text, `memctx_projection_lag_events{projection="${projection}"}`), projection).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, `memctx_projection_lag_seconds{projection="${projection}"}`), projection).toBeGreaterThanOrEqual(0);
    }
    expect(text).toContain('# TYPE memctx_sip_build_duration_seconds histogram');
  });
});

describe('the sample Grafana dashboard', () => {
  it('queries only metrics the service exposes', async () => {
    const { readFile } = await import('node:fs/promises');
    const dashboard = JSON.parse(await readFile(new URL('../../infra/grafana/memctx-dashboard.json', import.meta.url), 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const used = new Set(dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => target.expr.match(/\b(memctx|http)_[a-z_]+/g) ?? [])));
    expect(used.size).toBeGreaterThanOrEqual(8);
    const exposed = await scrape();
    for (const name of used) expect(exposed, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
  });
});
