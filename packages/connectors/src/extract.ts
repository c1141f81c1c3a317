// The format libraries are imported when first needed: a process that only reads Markdown never loads them.
export async function loadFormatLibraries(): Promise<void> {
  await Promise.all([import('linkedom'), import('@mozilla/readability'), import('pdf-parse'), import('mammoth')]);
}
import { decodeBytes } from './charset.js';
import { markdownBlocks, type TextBlock } from './markdown.js';
import { mediaType } from './mime.js';
import { UnparseableDocument } from './types.js';

export interface ParsedDocument {
  text: string;
  /** The document's own title when it has one (HTML <title>, Markdown # heading), else the given title. */
  title: string;
  /** Markdown's top-level blocks in `text`, for the chunker; absent for other formats. */
  blocks?: TextBlock[];
}

export interface DocumentInput {
  content: Buffer;
  mimeType: string;
  title: string;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Text in the charset it is in (see charset.ts: the web connector has applied a
 * declared one already). NUL in the decoded text means binary: checked after
 * decoding, since UTF-16 text is full of zero bytes. Text that is mostly
 * control characters or replacement characters is not text.
 */
function decodeText(content: Buffer): string {
  const { text } = decodeBytes(content);
  if (text.includes('\0')) throw new UnparseableDocument('the document is binary, not text');
  let bad = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code === 0xfffd || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d)) bad++;
  }
  if (text.length > 0 && bad / text.length > 0.05) throw new UnparseableDocument('the document is not readable text');
  return text;
}

function fromMarkdown(source: string, title: string): ParsedDocument {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  const heading = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  return { text: body, title: heading || title };
}

async function fromHtml(source: string, title: string): Promise<ParsedDocument> {
  const [{ parseHTML }, { Readability }] = await Promise.all([import('linkedom'), import('@mozilla/readability')]);
  const { document } = parseHTML(source);
  // linkedom's document is DOM-compatible enough for Readability; the cast only bridges the two type declarations.
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  const text = article?.textContent?.trim() || document.body?.textContent?.trim() || '';
  return { text, title: article?.title?.trim() || document.title?.trim() || title };
}

/**
 * What may not leave the parser: NUL (PostgreSQL text and jsonb refuse it) and
 * UTF-16 surrogates without their pair (not encodable as UTF-8), which PDF and
 * DOCX text and HTML character references can carry. NUL goes, a lone
 * surrogate becomes U+FFFD, as a UTF-8 decoder would make of it.
 */
export function wellFormedText(text: string): string {
  return text.replace(/\0/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const isMarkdown = (type: string) => type === 'text/markdown' || type === 'text/x-markdown';

/** Formats that are parsed in a worker thread, under time and memory bounds (see parse.ts); Markdown for its block lexer. */
export const isolatedType = (mimeType: string) => {
  const type = mediaType(mimeType);
  return type === 'text/html' || type === 'application/xhtml+xml' || type === 'application/pdf' || type === DOCX || isMarkdown(type);
};

/** Plain text of a Markdown, plain-text, HTML, PDF or DOCX document, in this thread. Throws UnparseableDocument for anything else or nothing. */
export async function extractDocument(input: DocumentInput): Promise<ParsedDocument> {
  const type = mediaType(input.mimeType);
  let parsed: ParsedDocument;
  if (isMarkdown(type)) parsed = fromMarkdown(decodeText(input.content), input.title);
  else if (type === 'text/plain') parsed = { text: decodeText(input.content), title: input.title };
  else if (type === 'text/html' || type === 'application/xhtml+xml') parsed = await fromHtml(decodeText(input.content), input.title);
  else if (type === 'application/pdf') {
    const { PDFParse } = await import('pdf-parse');
    const parser = new PDFParse({ data: new Uint8Array(input.content) });
    try {
      parsed = { text: (await parser.getText()).text, title: input.title };
    } catch (error) {
      throw new UnparseableDocument(`not a readable PDF: ${(error as Error).message}`);
    } finally {
      await parser.destroy().catch(() => undefined);
    }
  } else if (type === DOCX) {
    const { default: mammoth } = await import('mammoth');
    try {
      parsed = { text: (await mammoth.extractRawText({ buffer: input.content })).value, title: input.title };
    } catch (error) {
      throw new UnparseableDocument(`not a readable DOCX: ${(error as Error).message}`);
    }
  } else throw new UnparseableDocument(`unsupported document type: ${type || 'unknown'}`);
  const text = wellFormedText(parsed.text).replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  if (!text) throw new UnparseableDocument('the document has no text');
  const blocks = isMarkdown(type) ? markdownBlocks(text) : undefined;
  return { text, title: wellFormedText(parsed.title), ...(blocks ? { blocks } : {}) };
}

