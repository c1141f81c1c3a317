/**
 * EXPLAIN ANALYZE of the SIP retrieval statements for a few LoCoMo questions, against a database
 * seeded by `MEMCTX_BENCH_KEEP=1 pnpm bench:sip` (the plans are what issue 13 asks to show).
 *   node --conditions=@memctx/source --import tsx test/bench/sip/explain.ts <database url> [questions]
 */
import { createPostgresDb, type Db, type Queryable, type QueryResult } from '@memctx/db';
import { createTransformersEmbedder } from '@memctx/embeddings';
import { neighbours, retrieve } from '@memctx/read-models';
import { resolve } from 'node:path';
import { loadSamples } from '../locomo/dataset.js';

const url = process.argv[2];
if (!url) throw new Error('usage: explain.ts <database url> [questions]');
const count = Number(process.argv[3] ?? 3);
const db = createPostgresDb({ connectionString: url, maxConnections: 1 });

// Every statement that reads memory_records is explained instead of run; the plan is printed.
const explainQuery = (inner: Queryable) => async <R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
  if (!/memory_records/.test(text)) return inner.query<R>(text, params);
  const { rows } = await inner.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  return { rows: [], rowCount: 0 };
};
const explaining = (inner: Db): Db => ({
  ...inner,
  query: explainQuery(inner),
  transaction: (work) => inner.transaction((tx) => work({ ...tx, exec: (sql) => tx.exec(sql), query: explainQuery(tx) })),
});

const embedder = await createTransformersEmbedder({ modelsDir: resolve(import.meta.dirname, '../../../models') });
const questions = loadSamples().flatMap((s) => s.qa.map((q) => q.question)).slice(40, 40 + count);
const scope = { userId: 'bench-user', projectId: null, includeGlobal: true };
for (const question of questions) {
  console.log(`\n### ${question}`);
  const queryEmbedding = await embedder.embedQuery(question);
  await retrieve(explaining(db), scope, { queryText: question, queryEmbedding });
  const real = await retrieve(db, scope, { queryText: question, queryEmbedding });
  console.log('\n-- neighbours');
  await neighbours(explaining(db), scope, real.candidates.slice(0, 10).map((c) => c.record_id), queryEmbedding);
}
await embedder.close();
await db.close();
