/**
 * SIP latency: POST /api/v1/sip/build with a query (query embedding included)
 * against the compiled API, with MEMCTX_BENCH_RECORDS records in the database,
 * MEMCTX_BENCH_USER_RECORDS of them the measured user's.
 *   pnpm build && pnpm bench:sip                                   (10,000 records)
 *   MEMCTX_BENCH_RECORDS=1000000 MEMCTX_BENCH_USER_RECORDS=100000 pnpm bench:sip
 * MEMCTX_BENCH_PROFILE=1 also prints where the API spent its CPU during the measured builds (by area and by function).
 * MEMCTX_BENCH_VECTOR_INDEXES=user builds only the measured user's bucket's two HNSW indexes, the only ones its builds
 * read (the other 30 take about an hour at 1M records on two cores); by default all of them, as the read model has.
 * MEMCTX_BENCH_KEEP=1 keeps the seeded database (memctx_bench_sip_<records>_<user records>) and
 * reuses it on the next run with the same sizes, so a million-record seed is paid once.
 * Records are seeded straight into the memory_records read model: texts are
 * LoCoMo turns, vectors sums of three real bge-small embeddings of them (cosine
 * ignores the scale), so the index sees realistic, distinct vectors; both sides
 * of a round are embedded, as with MEMCTX_EMBED_REPLIES=on (the default).
 */
import { createPostgresDb } from '@memctx/db';
import { createCachedEmbedder, createTransformersEmbedder, migrateEmbeddingCache } from '@memctx/embeddings';
import { activeGeneration } from '@memctx/projections';
import { memoryRecordsProjection, toVectorLiteral, userBucket, VECTOR_INDEX_SQL } from '@memctx/read-models';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSamples, roundsOf, turnText } from '../locomo/dataset.js';
import { createBenchDatabase } from '../lib/database.js';
import { requireBuild, startService } from '../lib/processes.js';
import { measureCpu } from '../lib/cpu.js';
import { profileShares } from '../lib/profile.js';
import { printStages, stageFigures, stageSnapshot } from '../lib/stages.js';
import { fmt, summarize } from '../lib/stats.js';

const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const total = Number(process.env.MEMCTX_BENCH_RECORDS ?? 10_000);
const mine = Math.min(total, Number(process.env.MEMCTX_BENCH_USER_RECORDS ?? Math.min(total, 100_000)));
const requests = Number(process.env.MEMCTX_BENCH_REQUESTS ?? 400);
const USER = 'bench-user';
// The vector indexes this run builds: all of the read model's, or the measured user's bucket's two.
const vectorIndexSql = process.env.MEMCTX_BENCH_VECTOR_INDEXES === 'user'
  ? VECTOR_INDEX_SQL.split(/(?=\nCREATE INDEX)/).filter((statement) => statement.includes(`user_bucket = ${userBucket(USER)};`)).join('')
  : VECTOR_INDEX_SQL;
const ADMIN = 'bench-admin-token-0123456789';
const PORT = String(18_800 + (process.pid % 100));
const profileDir = process.env.MEMCTX_BENCH_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'memctx-sip-prof-')) : undefined;
const modelsDir = resolve(import.meta.dirname, '../../../models');

requireBuild();
const keep = process.env.MEMCTX_BENCH_KEEP === '1' ? `memctx_bench_sip_${total}_${mine}` : undefined;
const database = await createBenchDatabase(serverUrl, keep);
const common = { MEMCTX_DATABASE_URL: database.url, MEMCTX_ADMIN_TOKEN: ADMIN, MEMCTX_MODELS_DIR: modelsDir };
let api = await startService({ ...common, PORT, MEMCTX_ROLES: 'api' });
const db = createPostgresDb({ connectionString: database.url, maxConnections: 2 });
try {
  const response = await fetch(`${api.url}/admin/v1/api-keys`, {
    method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ user_id: USER }),
  });
  const key = ((await response.json()) as { api_key: string }).api_key;

  const samples = loadSamples();
  const questions = samples.flatMap((s) => s.qa.map((q) => q.question));
  const seeded = !database.created && (await db.query(`SELECT 1 FROM pg_tables WHERE tablename = 'bench_seeded'`)).rows.length > 0;
  let seedSeconds = 0;
  let indexSeconds = 0;
  if (seeded) {
    console.error(`reusing the seeded database ${keep}`);
    // The earlier run's query vectors would make "new queries" cache hits.
    await db.query('TRUNCATE embedding_cache');
  }
  else ({ seedSeconds, indexSeconds } = await seed());

  async function seed() {
    // Real embeddings of the base texts (cached across runs in the bench database only).
    const texts = samples.flatMap((s) => roundsOf(s).map((r) => `${turnText(r.user)}\n${r.assistant ? turnText(r.assistant) : ''}`));
    await migrateEmbeddingCache(db);
    const embedder = createCachedEmbedder(await createTransformersEmbedder({ modelsDir }), db);
    let t = performance.now();
    const vectors = await embedder.embedDocuments(texts);
    await embedder.close();
    console.error(`embedded ${texts.length} base texts in ${fmt((performance.now() - t) / 1000)} s`);
    await db.query(`CREATE TABLE bench_base (id int PRIMARY KEY, content text NOT NULL, v vector(384) NOT NULL)`);
    await db.query(
      `INSERT INTO bench_base SELECT ord - 1, c, v::vector FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(c, v, ord)`,
      [texts, vectors.map(toVectorLiteral)],
    );

    // Seed: the measured user's records first, then everybody else's, without the HNSW index (built once at the end).
    t = performance.now();
    const schema = await activeSchema();
    await dropVectorIndexes(schema);
    const table = `${schema}.memory_records`;
    const n = texts.length;
    const BATCH = 50_000;
    for (let from = 0; from < total; from += BATCH) {
      const to = Math.min(total, from + BATCH);
      // (a, b) is unique per record for i < n², so every record has its own text and vectors, as real rounds do.
      await db.query(
        `INSERT INTO ${table} (user_id, record_id, session_id, project_id, provenance, record_type, sip_eligible, summary,
           user_text, assistant_text, token_count, created_at, global_position, embedding, reply_embedding)
         SELECT CASE WHEN i < $3 THEN 'bench-user' ELSE 'other-' || (i % 900) END, 'r' || i, 's' || (i / 50), NULL, 'ROUND', 'FACTUAL', true,
           left(a.content, 200), a.content, b.content, 60,
           now() - make_interval(secs => $4 - i), i, a.v + b.v + c.v, a.v + b.v + b.v + c.v
         FROM generate_series($1::bigint, $2::bigint - 1) AS i
         JOIN bench_base a ON a.id = i % $5
         JOIN bench_base b ON b.id = (i / $5 + i * 7) % $5
         JOIN bench_base c ON c.id = (i * 104729 + 17) % $5`,
        [from, to, mine, total, n],
      );
      console.error(`  seeded ${to} records`);
    }
    const seedSeconds = (performance.now() - t) / 1000;
    const indexSeconds = await buildVectorIndexes(schema);
    await db.query('CREATE TABLE bench_seeded ()');
    return { seedSeconds, indexSeconds };
  }

  async function activeSchema(): Promise<string> {
    return (await activeGeneration(db, 'memory_records'))!.schemaName;
  }
  async function vectorIndexes(schema: string): Promise<string[]> {
    const { rows } = await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND indexdef LIKE '%USING hnsw%'`, [schema]);
    return rows.map((r) => r.indexname);
  }
  async function dropVectorIndexes(schema: string): Promise<void> {
    for (const name of await vectorIndexes(schema)) await db.exec(`DROP INDEX ${schema}.${name}`);
  }
  // The HNSW indexes of the code under test, built once after the load (as a rebuild does); returns the seconds taken.
  async function buildVectorIndexes(schema: string): Promise<number> {
    const t = performance.now();
    await db.exec(`SET maintenance_work_mem = '2GB'; SET max_parallel_maintenance_workers = 2; SET search_path = ${schema}, public;
      ${vectorIndexSql} ANALYZE memory_records; RESET search_path`);
    return (performance.now() - t) / 1000;
  }
  // A kept database seeded by other code may have other vector indexes: rebuild them as this code defines them.
  // Another version of the table itself needs a new seed.
  if (seeded) {
    const active = await activeGeneration(db, 'memory_records');
    if (active?.version !== memoryRecordsProjection.version) {
      throw new Error(`${keep} holds memory_records version ${active?.version}, this code version ${memoryRecordsProjection.version}: drop it to seed again`);
    }
    const schema = active.schemaName;
    const defined = [...vectorIndexSql.matchAll(/CREATE INDEX (\S+)/g)].map((m) => m[1]!).sort();
    const current = (await vectorIndexes(schema)).sort();
    if (current.join() !== defined.join()) {
      console.error(`rebuilding the vector indexes (${current.length} found, ${defined.length} defined)`);
      await dropVectorIndexes(schema);
      indexSeconds = await buildVectorIndexes(schema);
    }
  }

  // Restart the API so its pool sees the new index statistics from the first query on.
  await api.stop();
  api = await startService({ ...common, PORT, MEMCTX_ROLES: 'api' }, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);

  const build = async (query: string) => {
    const began = performance.now();
    const r = await fetch(`${api.url}/api/v1/sip/build`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ query }),
    });
    const body = (await r.json()) as { records_used: number };
    if (r.status !== 200 || body.records_used === 0) throw new Error(`build failed: ${r.status} ${JSON.stringify(body)}`);
    return performance.now() - began;
  };
  const metrics = async () => stageSnapshot(await (await fetch(`${api.url}/metrics`)).text(), '/api/v1/sip/build');
  for (let i = 0; i < 20; i++) await build(`warm up ${questions[i]}`);
  const warm = await metrics();
  // CPU of the API (its model thread included) and of the PostgreSQL backends serving it, per build: what sizes a deployment.
  const measuredBuilds = (count: number) =>
    measureCpu(db, { api: api.child.pid }, async () => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) times.push(await build(questions[(i + 20) % questions.length]!));
      return times;
    });
  const { result: fresh, cpu } = await measuredBuilds(requests);
  const freshStages = stageFigures(await metrics(), warm);
  // The same questions again, in the same order: each is asked for the second time.
  const again = Math.min(200, requests);
  const { result: repeated, cpu: cpuAgain } = await measuredBuilds(again);
  const a = summarize(fresh);
  const b = summarize(repeated);
  console.log(`\nSIP build latency over HTTP, ${fmt(total, 0)} records (${fmt(mine, 0)} of them the user's); seeded in ${fmt(seedSeconds)} s, HNSW index in ${fmt(indexSeconds)} s`);
  console.log(`  new queries (embedding included)   p50 ${fmt(a.p50)} ms  p95 ${fmt(a.p95)} ms  p99 ${fmt(a.p99)} ms  (${requests} sequential builds)`);
  const per = (builds: number) => (seconds = 0) => fmt((seconds * 1000) / builds, 2);
  const perBuild = per(requests);
  console.log(`  CPU per new-query build: API ${perBuild(cpu.api)} ms + its PostgreSQL ${perBuild(cpu['api pg'])} ms (bench's own look-ups: ${perBuild(cpu['other pg'])} ms)`);
  console.log(`  repeated queries (asked before; MEMCTX_SIP_RETRIEVAL_CACHE ${process.env.MEMCTX_SIP_RETRIEVAL_CACHE ?? 'default'})  p50 ${fmt(b.p50)} ms  p95 ${fmt(b.p95)} ms`);
  const perAgain = per(again);
  console.log(`  CPU per repeated build: API ${perAgain(cpuAgain.api)} ms + its PostgreSQL ${perAgain(cpuAgain['api pg'])} ms`);
  printStages('new queries, time per stage inside the API', freshStages);
} finally {
  await api.stop();
  await db.close();
  await database.drop();
}
if (profileDir) {
  for (const by of ['area', 'function'] as const) {
    console.log(`  API CPU profile (warm-up and repeated queries included), self time by ${by}:`);
    for (const { area, share } of profileShares(profileDir, 25, by)) console.log(`    ${fmt(share * 100)}%  ${area}`);
  }
}
