/**
 * Chunking Markdown by token windows alone against chunking between its blocks
 * (the worker's way), in this thread: time per document, chunks per document
 * (each one is embedded), chunks that cut a code fence, and chunks that end
 * inside a sentence. On the documents benchmark's corpus and on this
 * repository's own Markdown (README and docs/), which has lists, tables and code.
 *   pnpm bench:chunking
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chunkDocument, markdownBlocks } from '@memctx/connectors';
import { fmt } from '../lib/stats.js';
import { benchDocuments } from './corpus.js';

const ROUNDS = 5;
const root = resolve(import.meta.dirname, '../../..');
const corpora: Array<[string, string[]]> = [
  ['bench:documents corpus (200 documents)', benchDocuments(200, 'md').map((text) => text.trim())],
  ['README.md and docs/*.md', ['README.md', 'docs/decisions.md', 'docs/interface.md', 'docs/scaling.md'].map((file) => readFileSync(resolve(root, file), 'utf8').trim())],
];

const opensFence = (text: string) => (text.match(/```/g) ?? []).length % 2 === 1;
const endsInSentence = (text: string) => !/[.:!?|`)\]>*_-]$/.test(text.trim());

for (const [name, documents] of corpora) {
  console.log(`\n${name}`);
  const ways: Array<[string, (text: string) => ReturnType<typeof chunkDocument>]> = [
    ['token windows', (text) => chunkDocument(text)],
    ['Markdown blocks', (text) => chunkDocument(text, { blocks: markdownBlocks(text) })],
  ];
  for (const [way, chunk] of ways) {
    let best = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      const began = performance.now();
      for (const text of documents) chunk(text);
      best = Math.min(best, (performance.now() - began) / documents.length);
    }
    const chunks = documents.flatMap((text) => chunk(text));
    console.log(
      `  ${way.padEnd(16)} ${fmt(best, 2)} ms per document (best of ${ROUNDS}), ${fmt(chunks.length / documents.length, 2)} chunks per document, ` +
        `${chunks.filter((c) => opensFence(c.text)).length} cut a code fence, ${chunks.filter((c) => endsInSentence(c.text)).length} of ${chunks.length} end inside a sentence`,
    );
  }
}
