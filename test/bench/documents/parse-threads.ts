/**
 * What parsing in bounded threads costs: the same HTML pages (about five pages
 * each) parsed in the calling thread, in a warm thread of the pool, and in a
 * fresh thread per document, one at a time, on the compiled package.
 *   pnpm build && pnpm bench:parse
 */
import { performance } from 'node:perf_hooks';
import { fmt } from '../lib/stats.js';
import { benchDocuments } from './corpus.js';
// The compiled package, as the worker runs it (from source, threads would load under tsx).
import { createDocumentParser, type DocumentInput, type ParsedDocument } from '../../../packages/connectors/dist/index.js';
import { extractDocument } from '../../../packages/connectors/dist/extract.js';

const DOCUMENTS = Number(process.env.MEMCTX_BENCH_DOCUMENTS ?? 40);
const documents: DocumentInput[] = benchDocuments(DOCUMENTS, 'html').map((html, d) => ({ content: Buffer.from(html), mimeType: 'text/html', title: `doc ${d}` }));

async function measure(name: string, parse: (input: DocumentInput) => Promise<ParsedDocument>): Promise<void> {
  await parse(documents[0]!); // loads the libraries (in-thread) or the first thread (pool)
  const began = performance.now();
  let characters = 0;
  for (const document of documents) characters += (await parse(document)).text.length;
  const ms = (performance.now() - began) / DOCUMENTS;
  console.log(`  ${name.padEnd(28)} ${fmt(ms)} ms per document (${fmt(characters / DOCUMENTS)} characters of text each)`);
}

console.log(`\nParsing ${DOCUMENTS} HTML documents of ~5 pages, one at a time`);
await measure('in the calling thread', extractDocument);
const pool = createDocumentParser({ poolSize: 1 });
await measure('warm pool thread', (input) => pool.parse(input));
await pool.close();
const fresh = createDocumentParser({ poolSize: 0 });
await measure('fresh thread per document', (input) => fresh.parse(input));
await fresh.close();
