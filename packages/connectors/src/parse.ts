import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import mammoth from 'mammoth';
import { PDFParse } from 'pdf-parse';
import { chunkByTokens } from '@memctx/tokens';
import { mediaType } from './mime.js';
import { UnparseableDocument } from './types.js';

export interface ParsedDocument {
  text: string;
  /** The document's own title when it has one (HTML <title>, Markdown # heading), else the given title. */
  title: string;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Text that is mostly control characters or replacement characters is not text. */
function decodeText(content: Buffer): string {
  if (content.includes(0)) throw new UnparseableDocument('the document is binary, not text');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(content);
  let bad = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code === 0xfffd || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d)) bad++;
  }
  if (text.length > 0 && bad / text.length > 0.05) throw new UnparseableDocument('the document is not readable text');
  return text.replace(/^\uFEFF/, '');
}

function fromMarkdown(source: string, title: string): ParsedDocument {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  const heading = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  return { text: body, title: heading || title };
}

function fromHtml(source: string, title: string): ParsedDocument {
  const { document } = parseHTML(source);
  // linkedom's document is DOM-compatible enough for Readability; the cast only bridges the two type declarations.
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  const text = article?.textContent?.trim() || document.body?.textContent?.trim() || '';
  return { text, title: article?.title?.trim() || document.title?.trim() || title };
}

/** Plain text of a Markdown, plain-text, HTML, PDF or DOCX document. Throws UnparseableDocument for anything else or nothing. */
export async function parseDocument(input: { content: Buffer; mimeType: string; title: string }): Promise<ParsedDocument> {
  const type = mediaType(input.mimeType);
  let parsed: ParsedDocument;
  if (type === 'text/markdown' || type === 'text/x-markdown') parsed = fromMarkdown(decodeText(input.content), input.title);
  else if (type === 'text/plain') parsed = { text: decodeText(input.content), title: input.title };
  else if (type === 'text/html' || type === 'application/xhtml+xml') parsed = fromHtml(decodeText(input.content), input.title);
  else if (type === 'application/pdf') {
    const parser = new PDFParse({ data: new Uint8Array(input.content) });
    try {
      parsed = { text: (await parser.getText()).text, title: input.title };
    } catch (error) {
      throw new UnparseableDocument(`not a readable PDF: ${(error as Error).message}`);
    } finally {
      await parser.destroy().catch(() => undefined);
    }
  } else if (type === DOCX) {
    try {
      parsed = { text: (await mammoth.extractRawText({ buffer: input.content })).value, title: input.title };
    } catch (error) {
      throw new UnparseableDocument(`not a readable DOCX: ${(error as Error).message}`);
    }
  } else throw new UnparseableDocument(`unsupported document type: ${type || 'unknown'}`);
  const text = parsed.text.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  if (!text) throw new UnparseableDocument('the document has no text');
  return { text, title: parsed.title };
}

export interface ChunkOptions {
  /** Tokens per chunk (o200k); bge-small reads up to 512 word pieces, so 350 stays well inside. */
  size?: number;
  overlap?: number;
}

export function chunkDocument(text: string, options: ChunkOptions = {}): { index: number; text: string; token_count: number }[] {
  return chunkByTokens(text, options.size ?? 350, options.overlap ?? 50).map((c) => ({ index: c.index, text: c.text, token_count: c.tokenCount }));
}
