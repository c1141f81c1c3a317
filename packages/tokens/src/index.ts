import { countTokens as count, decode, encode } from 'gpt-tokenizer/encoding/o200k_base';

/*
 * One tokenizer for every budget in the service: SIP budgets, baselines and
 * document chunks are all counted with OpenAI's o200k_base BPE (gpt-tokenizer),
 * the encoding of the models most assistant platforms call. A figure on the
 * dashboard and a budget in a SIP therefore mean the same unit.
 */
export const TOKENIZER = 'o200k_base';

export function countTokens(text: string): number {
  return text.length === 0 ? 0 : count(text);
}

/**
 * The longest prefix of `text` that fits in `maxTokens`, cut on a token boundary, with its token count
 * (a caller that needs both does not count again).
 */
export function truncateCounted(text: string, maxTokens: number): { text: string; tokens: number; truncated: boolean } {
  if (maxTokens <= 0) return { text: '', tokens: 0, truncated: text.length > 0 };
  // Most texts fit: counting builds no token array, so only a text that must be cut is encoded.
  const counted = countTokens(text);
  if (counted <= maxTokens) return { text, tokens: counted, truncated: false };
  return { text: decode(encode(text).slice(0, maxTokens)), tokens: maxTokens, truncated: true };
}

export interface TokenChunk {
  index: number;
  text: string;
  tokenCount: number;
}

/**
 * Splits text into windows of at most `size` tokens, each starting `size - overlap`
 * tokens after the previous one, so a fact cut at one boundary is whole in the
 * next window. Windows end on whitespace when one is near, to avoid half words.
 */
export function chunkByTokens(text: string, size: number, overlap: number): TokenChunk[] {
  if (size < 1 || overlap < 0 || overlap >= size) throw new RangeError(`bad chunking: size ${size}, overlap ${overlap}`);
  const tokens = encode(text);
  const chunks: TokenChunk[] = [];
  for (let start = 0; start < tokens.length; ) {
    let end = Math.min(start + size, tokens.length);
    if (end < tokens.length) end = backToWhitespace(tokens, start, end);
    const piece = decode(tokens.slice(start, end)).trim();
    if (piece) chunks.push({ index: chunks.length, text: piece, tokenCount: end - start });
    if (end >= tokens.length) break;
    start = Math.max(end - overlap, start + 1);
  }
  return chunks;
}

// Looks back at most a quarter window for a token that starts with whitespace.
function backToWhitespace(tokens: number[], start: number, end: number): number {
  const floor = end - Math.floor((end - start) / 4);
  for (let i = end; i > floor; i--) {
    if (/^\s/.test(decode([tokens[i]!]))) return i;
  }
  return end;
}
