import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzz } from '../fuzz/runner.js';
import type { OpenApiDocument } from '../fuzz/openapi.js';
import { ADMIN_TOKEN, startTestServer, type Client, type TestServer } from './server.js';

// `pnpm fuzz` raises the count; CI runs the default.
const REQUESTS = Number(process.env.MEMCTX_FUZZ_REQUESTS ?? 2_000);
const SEED = process.env.MEMCTX_FUZZ_SEED === undefined ? undefined : Number(process.env.MEMCTX_FUZZ_SEED);
const CONCURRENCY = 10;

let server: TestServer;
let user: Client;
let other: Client;
let sacrificeKeyId: string;
let projectId: string;
let github: Server;

beforeAll(async () => {
  // GitHub stand-in: every repository is missing. A real outage would be a 502, which is no input's fault.
  github = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}'));
  await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve));
  const root = mkdtempSync(join(tmpdir(), 'memctx-fuzz-'));
  writeFileSync(join(root, 'notes.md'), '# Notes\n\nThe fuzzer was here.\n');
  server = await startTestServer({
    MEMCTX_DAILY_INGEST_QUOTA: '300',
    MEMCTX_FS_CONNECTOR_ROOT: root,
    MEMCTX_CONNECTOR_INGEST_WAIT_MS: '0',
    MEMCTX_GITHUB_API_URL: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
    MEMCTX_IDEMPOTENCY_WAIT_MS: '500',
    // Reads under a constant stream of writes would each wait the full bound for the projections; stale reads are marked, not errors.
    MEMCTX_READ_YOUR_WRITES_TIMEOUT_MS: '300',
  });
  user = await server.newUser('fuzz');
  other = await server.newUser('fuzz-other');
  const sacrifice = await server.newUser('fuzz-sacrifice');
  const keys = await fetch(`${server.url}/admin/v1/api-keys?user_id=${sacrifice.userId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  sacrificeKeyId = ((await keys.json()) as { keys: Array<{ id: string }> }).keys[0]!.id;
  projectId = (await user.call('POST', '/api/v1/projects', { name: 'fuzz' })).body.id;
  await user.call('POST', '/api/v1/memory/ingest', { session_id: 'fuzz-session', user_message: 'I like tea', assistant_message: 'Noted.', project_id: projectId });
});
afterAll(async () => {
  await server?.stop();
  github?.close();
});

describe('fuzzing every operation of the served OpenAPI document', () => {
  it(`answers ${REQUESTS} hostile requests without a 5xx, every 4xx documented and in its shape, and stays healthy`, { timeout: 120_000 + REQUESTS * 60 }, async () => {
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as OpenApiDocument;
    const started = Date.now();
    const summary = await fuzz(
      doc,
      {
        url: server.url,
        keys: { user: user.key, otherUser: other.key, admin: ADMIN_TOKEN },
        pools: {
          session_id: ['fuzz-session', 'fuzz-session-2'],
          project_id: [projectId],
          connector_type: ['filesystem', 'web', 'github'],
          external_id: ['notes.md', '../../../etc/passwd', 'missing.md', 'http://127.0.0.1:1/'],
          id: [sacrificeKeyId],
          user_id: ['fuzz-sacrifice'],
        },
      },
      { requests: REQUESTS, concurrency: CONCURRENCY, seed: SEED },
    );
    const seconds = (Date.now() - started) / 1000;
    const clientErrors = Object.entries(summary.byStatus).filter(([status]) => Number(status) >= 400 && Number(status) < 500);
    console.log(
      `fuzz: ${summary.requests} requests over ${summary.operations} operations in ${seconds.toFixed(1)} s; ` +
        `by status ${JSON.stringify(summary.byStatus)}; 4xx ${clientErrors.map(([s, n]) => `${s}×${n}`).join(' ')}; 5xx = ${summary.serverErrors}`,
    );
    expect(summary.requests).toBeGreaterThanOrEqual(REQUESTS);
    expect(summary.serverErrors).toBe(0);
    expect(summary.operations).toBeGreaterThanOrEqual(20);

    // Still healthy: a fresh user can store a round and build a SIP that cites it.
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    const after = await server.newUser('fuzz-after');
    const stored = await after.call('POST', '/api/v1/memory/ingest', { session_id: 'after', user_message: 'My cat is called Miso', assistant_message: 'Cute!' });
    expect(stored.status).toBe(200);
    // Builds may read before the projections catch up (the read-your-writes bound is short here), so ask until it is there.
    await expect
      .poll(async () => (await after.call('POST', '/api/v1/sip/build', { query: 'What is my cat called?' })).body.sip, { timeout: 30_000, interval: 250 })
      .toContain('Miso');
  });
});
