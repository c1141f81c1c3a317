import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentParser, DocumentOverLimit, isPermanent, wellFormedText } from '../src/index.js';
import { makeDocx } from './fixtures.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A small DOCX whose document.xml inflates to `paragraphs` empty paragraphs, each an object in the parser: a zip bomb in miniature. */
async function docxBomb(paragraphs: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(makeDocx(['seed']));
  const body = '<w:p/>'.repeat(paragraphs);
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const hasBadCharacters = (text: string) => /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('parsing under time and memory bounds', () => {
  const parser = createDocumentParser({ timeoutMs: 60_000, maxMemoryMb: 128, poolSize: 1 });
  const quick = createDocumentParser({ timeoutMs: 400, maxMemoryMb: 256, poolSize: 1 });
  afterAll(async () => {
    await parser.close();
    await quick.close();
  });

  it('a DOCX that inflates past the heap bound fails with the memory reason, and the next document parses', async () => {
    const bomb = await docxBomb(3_000_000);
    expect(bomb.length).toBeLessThan(100_000);
    const error = await parser.parse({ content: bomb, mimeType: DOCX, title: 'bomb' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentOverLimit);
    expect((error as Error).message).toBe('parsing needed more than 128 MB of memory');
    expect(isPermanent(error)).toBe(true);
    const next = await parser.parse({ content: makeDocx(['Still parsing after the bomb']), mimeType: DOCX, title: 'ok' });
    expect(next.text).toContain('Still parsing after the bomb');
  });

  it('a parse past the wall-clock bound is terminated at it with the time reason', async () => {
    // Warm the thread first, so the bound measures the parse and not the thread's start.
    await quick.parse({ content: Buffer.from('<html><body><p>warm</p></body></html>'), mimeType: 'text/html', title: 'warm' });
    const huge = Buffer.from(`<html><body>${'<div><p>row <b>bold</b> <i>italic</i></p></div>'.repeat(300_000)}</body></html>`);
    const started = Date.now();
    const error = await quick.parse({ content: huge, mimeType: 'text/html', title: 'huge' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentOverLimit);
    expect((error as Error).message).toBe('parsing took longer than 400 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
    const next = await quick.parse({ content: Buffer.from('<html><head><title>After</title></head><body><p>fine</p></body></html>'), mimeType: 'text/html', title: 'x' });
    expect(next.title).toBe('After');
  });

  it('plain text is decoded in this thread; Markdown, with its blocks, comes from the pool', async () => {
    expect(await parser.parse({ content: Buffer.from('# Notes\n\nplain'), mimeType: 'text/plain', title: 'n' })).toEqual({ text: '# Notes\n\nplain', title: 'n' });
    expect(await parser.parse({ content: Buffer.from('# Notes\n\nplain'), mimeType: 'text/markdown', title: 'n' })).toEqual({
      text: '# Notes\n\nplain', title: 'Notes', blocks: [{ start: 0, end: 7, heading: true }, { start: 7, end: 9, heading: false }, { start: 9, end: 14, heading: false }],
    });
  });
});

describe('text leaving the parser', () => {
  it('carries no NUL and no lone surrogate: NUL is dropped, a lone surrogate becomes U+FFFD, pairs stay', () => {
    expect(wellFormedText('a\0b\uD800c\uDC00d\uD83D\uDE00e')).toBe('ab\uFFFDc\uFFFDd\uD83D\uDE00e');
  });

  it('from HTML character references and DOCX text', async () => {
    const parser = createDocumentParser({ poolSize: 1 });
    try {
      const html = await parser.parse({ content: Buffer.from('<html><body><p>a&#0;b&#xD800;c&#xDFFF;d</p></body></html>'), mimeType: 'text/html', title: 'x\uD800' });
      const docx = await parser.parse({ content: makeDocx(['before\0after \uD83D\uDE00']), mimeType: DOCX, title: 'x' });
      for (const parsed of [html, docx]) expect(hasBadCharacters(parsed.text + parsed.title), parsed.text).toBe(false);
      expect(docx.text).toContain('\uD83D\uDE00');
      expect(html.title).toBe('x\uFFFD');
    } finally {
      await parser.close();
    }
  });
});
