import { Lexer } from 'marked';

/** A top-level Markdown block (heading, paragraph, list, fenced code, table, ...) as a span of the text. */
export interface TextBlock {
  start: number;
  end: number;
  heading: boolean;
}

/**
 * The top-level blocks of a Markdown text, by marked's block lexer, so chunks can
 * end between blocks and never inside a code fence, list or table. Only blocks
 * are lexed: inline Markdown holds no boundary, and marked's inline rules are
 * where its slow cases are. Runs in a parse thread (see parse.ts), whose clock
 * bounds the block lexer's own worst cases (deeply nested lists). Undefined when
 * the lexer gives up (deeply nested quotes overflow its stack) or its blocks do
 * not give the text back whole; the chunker then cuts by tokens alone.
 */
export function markdownBlocks(text: string): TextBlock[] | undefined {
  let tokens;
  try {
    tokens = new Lexer().blockTokens(text);
  } catch {
    return undefined;
  }
  const blocks: TextBlock[] = [];
  let start = 0;
  for (const token of tokens) {
    if (text.startsWith(token.raw, start) === false) return undefined;
    blocks.push({ start, end: start + token.raw.length, heading: token.type === 'heading' });
    start += token.raw.length;
  }
  return start === text.length ? blocks : undefined;
}
