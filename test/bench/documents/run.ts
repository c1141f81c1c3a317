/**
 * Document ingestion through the API: 200 Markdown documents of about five pages
 * each, posted to POST /api/v1/connectors/filesystem/ingest by 8 clients against
 * the compiled service (API, projector and worker in one process, BullMQ on Redis).
 *   pnpm build && pnpm bench:documents
 * MEMCTX_BENCH_DOCUMENT_FORMAT=html serves the same text as HTML pages.
 * Prints documents/s, chunks/s, the CPU per chunk of the service (every role and the model's threads) and of the
 * PostgreSQL backends serving it, and where the worker's time went, read from the service's own
 * memctx_document_step_seconds metric. MEMCTX_BENCH_PROFILE=1 adds the service's main-thread CPU profile (the model
 * runs on a thread of its own, the rest of the service here).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPostgresDb } from '@memctx/db';
import { measureCpu } from '../lib/cpu.js';
import { createBenchDatabase } from '../lib/database.js';
import { requireBuild, startService } from '../lib/processes.js';
import { profileShares } from '../lib/profile.js';
import { fmt } from '../lib/stats.js';
import { benchDocuments } from './corpus.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DOCUMENTS = Number(process.env.MEMCTX_BENCH_DOCUMENTS ?? 200);
const CLIENTS = Number(process.env.MEMCTX_BENCH_CONNECTIONS ?? 8);
// html: the same text as HTML pages, which are parsed in the worker's parse threads rather than decoded in place.
const FORMAT = process.env.MEMCTX_BENCH_DOCUMENT_FORMAT === 'html' ? 'html' : 'md';
const ADMIN = 'bench-admin-token-0123456789';
const PORT = String(18_900 + (process.pid % 50));
const profileDir = process.env.MEMCTX_BENCH_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'memctx-docs-prof-')) : null;

requireBuild();
const root = mkdtempSync(join(tmpdir(), 'memctx-docs-bench-'));
mkdirSync(join(root, 'docs'));
benchDocuments(DOCUMENTS, FORMAT).forEach((document, d) => writeFileSync(join(root, 'docs', `doc-${String(d).padStart(3, '0')}.${FORMAT}`), document));

const database = await createBenchDatabase(serverUrl);
const db = createPostgresDb({ connectionString: database.url, maxConnections: 1 });
const api = await startService({
  MEMCTX_DATABASE_URL: database.url, MEMCTX_ADMIN_TOKEN: ADMIN, PORT, MEMCTX_FS_CONNECTOR_ROOT: root,
  MEMCTX_MODELS_DIR: resolve(import.meta.dirname, '../../../models'), MEMCTX_DAILY_INGEST_QUOTA: '1000000',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', MEMCTX_QUEUE_NAME: `bench-documents-${process.pid}`,
  MEMCTX_CONNECTOR_INGEST_WAIT_MS: '300000', MEMCTX_WORKER_CONCURRENCY: process.env.MEMCTX_WORKER_CONCURRENCY ?? '2',
}, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
try {
  const created = await fetch(`${api.url}/admin/v1/api-keys`, {
    method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ user_id: 'bench-docs' }),
  });
  const key = ((await created.json()) as { api_key: string }).api_key;
  const call = async (path: string, body: unknown) => {
    const r = await fetch(`${api.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  await call('/api/v1/memory/ingest', { session_id: 'docs', user_message: 'documents follow', assistant_message: 'ok' });

  let next = 0;
  let chunks = 0;
  const failures: string[] = [];
  const began = performance.now();
  const { cpu } = await measureCpu(db, { service: api.child.pid }, () => Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < DOCUMENTS) {
        const d = next++;
        const answer = await call('/api/v1/connectors/filesystem/ingest', { credentials: {}, external_id: `docs/doc-${String(d).padStart(3, '0')}.${FORMAT}`, session_id: 'docs' });
        if (answer.status === 200) chunks += answer.body.chunks_stored as number;
        else failures.push(`${d}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }),
  ));
  const seconds = (performance.now() - began) / 1000;
  const metrics = await (await fetch(`${api.url}/metrics`)).text();
  const steps = Object.fromEntries(
    [...metrics.matchAll(/^memctx_document_step_seconds_sum\{step="(\w+)"\} ([\d.e+-]+)$/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
  const stepTotal = Object.values(steps).reduce((a, b) => a + b, 0);
  console.log(`\nDocument ingestion: ${DOCUMENTS} ${FORMAT === 'html' ? 'HTML' : 'Markdown'} documents (~5 pages each), ${CLIENTS} clients, through the API`);
  console.log(`  ${fmt(DOCUMENTS / seconds, 2)} documents/s, ${fmt(chunks / seconds)} chunks/s (${chunks} chunks in ${fmt(seconds)} s), ${failures.length} failed`);
  const perChunk = Object.entries(cpu).map(([who, s]) => `${who} ${fmt((1000 * s) / Math.max(1, chunks), 1)}`);
  console.log(`  CPU ms per chunk: ${perChunk.join(', ')}`);
  console.log(`  worker time by step: ${Object.entries(steps).map(([step, s]) => `${step} ${fmt((100 * s) / stepTotal)} %`).join(', ')}`);
  if (steps.parse !== undefined) console.log(`  parse: ${fmt((1000 * steps.parse) / DOCUMENTS)} ms per document`);
  for (const failure of failures.slice(0, 5)) console.log(`  failed: ${failure}`);
  if (failures.length) process.exitCode = 1;
} finally {
  await api.stop();
  await db.close();
  await database.drop();
}
if (profileDir) {
  for (const by of ['area', 'function'] as const) {
    console.log(`  service main thread CPU profile, self time by ${by}:`);
    for (const { area, share } of profileShares(profileDir, 20, by)) console.log(`    ${fmt(share * 100)}%  ${area}`);
  }
}
