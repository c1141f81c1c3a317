import { countTokens } from '@memctx/tokens';
import { describe, expect, it } from 'vitest';
import { chunkDocument, parseDocument, UnparseableDocument } from '../src/index.js';
import { makeDocx, makePdf } from './fixtures.js';

const parse = (content: Buffer | string, mimeType: string, title = 'doc') =>
  parseDocument({ content: Buffer.isBuffer(content) ? content : Buffer.from(content), mimeType, title });

describe('parseDocument', () => {
  it('Markdown: drops front matter, takes the first heading as title', async () => {
    const parsed = await parse('---\nauthor: x\n---\n# Oven guide\n\nThe oven runs **hot**.\n', 'text/markdown');
    expect(parsed.title).toBe('Oven guide');
    expect(parsed.text).toContain('The oven runs **hot**.');
    expect(parsed.text).not.toContain('author');
  });

  it('plain text, with a charset parameter on the type', async () => {
    expect((await parse('just words\r\nhere', 'text/plain; charset=utf-8')).text).toBe('just words\nhere');
  });

  it('HTML: the main content and the page title, not the navigation chrome', async () => {
    const html = `<html><head><title>Bread notes</title></head><body><nav><a href="/">Home</a> <a href="/x">Shop</a></nav>
      <article><h1>Sourdough</h1><p>${'Feed the starter every morning with equal parts flour and water. '.repeat(8)}</p>
      <p>${'Bake at 250 degrees with steam for the first twenty minutes. '.repeat(6)}</p></article><footer>© Bakery</footer></body></html>`;
    const parsed = await parse(html, 'text/html');
    expect(parsed.title).toBe('Bread notes');
    expect(parsed.text).toContain('Feed the starter every morning');
    expect(parsed.text).not.toContain('Shop');
  });

  it('PDF', async () => {
    expect((await parse(makePdf('Invoice 42 is due in March'), 'application/pdf')).text).toContain('Invoice 42 is due in March');
  });

  it('DOCX', async () => {
    const parsed = await parse(makeDocx(['Quarterly plan', 'Ship the dashboard in May']), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(parsed.text).toContain('Ship the dashboard in May');
  });

  it('refuses binary garbage, empty documents, broken PDFs and unsupported types with a reason', async () => {
    await expect(parse(Buffer.from([0, 159, 146, 150, 0, 1, 2]), 'text/plain')).rejects.toThrow(UnparseableDocument);
    await expect(parse('   \n  ', 'text/markdown')).rejects.toThrow(/no text/);
    await expect(parse('not a pdf at all', 'application/pdf')).rejects.toThrow(/PDF/);
    await expect(parse('zip?', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).rejects.toThrow(/DOCX/);
    await expect(parse('x', 'image/png')).rejects.toThrow(/unsupported document type: image\/png/);
  });
});

describe('chunkDocument', () => {
  it('cuts a long text into overlapping chunks within the token size', () => {
    const text = Array.from({ length: 400 }, (_, i) => `Sentence ${i} says something about topic ${i % 7}.`).join(' ');
    const chunks = chunkDocument(text, { size: 120, overlap: 20 });
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.token_count).toBeLessThanOrEqual(120);
      expect(countTokens(chunk.text)).toBeLessThanOrEqual(121);
    }
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  });
});
