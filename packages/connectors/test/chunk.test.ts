import { countTokens } from '@memctx/tokens';
import { describe, expect, it } from 'vitest';
import { chunkDocument, markdownBlocks, parseDocument } from '../src/index.js';

const sentences = (topic: string, n: number) => Array.from({ length: n }, (_, i) => `${topic} fact ${i} is worth remembering.`).join(' ');

// Sections of mixed sizes: small ones that fit together, one longer than a chunk, and a code fence whose lines look like headings.
const GUIDE = [
  '# Garden guide',
  `## Tomatoes\n\n${sentences('Tomato', 12)}`,
  `## Basil\n\n${sentences('Basil', 10)}\n\n- water daily\n- pinch the flowers\n- harvest from the top`,
  `## Compost\n\n${sentences('Compost', 90)}`,
  `## Script\n\n\`\`\`sh\n# water the beds\n${Array.from({ length: 5 }, (_, i) => `# bed ${i}\nwater --bed ${i} --litres 4`).join('\n')}\n\`\`\``,
  `## Pests\n\n${sentences('Aphid', 8)}`,
].join('\n\n');

async function chunksOf(markdown: string, size = 120, overlap = 20) {
  const parsed = await parseDocument({ content: Buffer.from(markdown), mimeType: 'text/markdown', title: 'guide' });
  return { parsed, chunks: chunkDocument(parsed.text, { size, overlap, blocks: parsed.blocks }) };
}

describe('Markdown-aware chunking', () => {
  it('keeps the token limit, ends chunks between blocks, and never splits a code fence, list or small section', async () => {
    const { parsed, chunks } = await chunksOf(GUIDE);
    expect(parsed.blocks?.some((b) => b.heading)).toBe(true);
    for (const chunk of chunks) {
      expect(countTokens(chunk.text)).toBeLessThanOrEqual(120);
      expect(chunk.token_count).toBe(countTokens(chunk.text));
    }
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    const holding = (text: string) => chunks.filter((c) => c.text.includes(text));
    // The fence's "# bed" lines are code, not headings: the whole fence is in one chunk.
    expect(holding('```sh')).toHaveLength(1);
    expect(holding('```sh')[0]!.text).toContain('water --bed 4 --litres 4\n```');
    expect(holding('- water daily\n- pinch the flowers\n- harvest from the top')).toHaveLength(1);
    expect(holding(sentences('Tomato', 12))).toHaveLength(1);
    // Only the section longer than a chunk is cut, with overlap.
    expect(chunks.filter((c) => c.text.includes('Compost fact')).length).toBeGreaterThan(1);
  });

  it('starts a chunk that begins inside a section with the section heading', async () => {
    const { chunks } = await chunksOf(GUIDE);
    const compost = chunks.filter((c) => c.text.includes('Compost fact'));
    for (const chunk of compost) expect(chunk.text.startsWith('## Compost\n\n'), chunk.text.slice(0, 40)).toBe(true);
    // A heading is never left dangling at the end of a chunk.
    for (const chunk of chunks) expect(chunk.text).not.toMatch(/\n#+ [^\n]*$/);
  });

  it('loses no text: every block is in some chunk', async () => {
    const { parsed, chunks } = await chunksOf(GUIDE, 80, 10);
    const all = chunks.map((c) => c.text).join('\n');
    for (const block of parsed.blocks!) {
      for (const line of parsed.text.slice(block.start, block.end).split('\n').filter((l) => l.trim() !== '')) {
        expect(all.includes(line.trim()) || line.split(' ').every((word) => all.includes(word)), line).toBe(true);
      }
    }
  });

  it('falls back to token windows where the lexer gives up, within the same limits', () => {
    const nested = `${'> '.repeat(20_000)}deep`;
    expect(markdownBlocks(nested)).toBeUndefined();
    const chunks = chunkDocument(`${sentences('Plain', 60)}`, { size: 100, overlap: 10 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(countTokens(chunk.text)).toBeLessThanOrEqual(101);
  });
});
