import { chunkByTokens, countTokens } from '@memctx/tokens';
import type { TextBlock } from './markdown.js';

export interface ChunkOptions {
  /** Tokens per chunk (o200k); bge-small reads up to 512 word pieces, so 350 stays well inside. */
  size?: number;
  /** Tokens repeated where a chunk boundary has to cut through a block (or, without blocks, anywhere). */
  overlap?: number;
  /** The document's Markdown blocks (ParsedDocument.blocks): chunks then end between blocks. */
  blocks?: readonly TextBlock[];
}

export interface DocumentChunk {
  index: number;
  text: string;
  token_count: number;
}

const JOIN_SLACK_TOKENS = 4;

/**
 * Consecutive blocks packed into pieces of at most `size` tokens. A heading
 * starts a new piece once the current one is half full, so sections tend to
 * begin chunks; a piece that starts inside a section begins with that
 * section's heading, so the chunk says what it is about. A block larger than
 * a chunk is cut by tokens, with overlap, running on from a piece less than
 * half full, and its last window stays open for the blocks after it: cutting
 * every long block afresh would leave a short tail chunk behind each one.
 */
function packBlocks(text: string, blocks: readonly TextBlock[], size: number, overlap: number): string[] {
  const pieces: string[] = [];
  let parts: string[] = [];
  let used = 0;
  let heading: { text: string; tokens: number } | undefined;
  let endsWithHeading = false;
  const flush = () => {
    // A heading with none of its section after it goes to the next piece (which repeats it anyway).
    if (endsWithHeading) {
      while (parts.at(-1)?.trim() === '') parts.pop();
      parts.pop();
    }
    if (parts.some((part) => part.trim() !== '')) pieces.push(parts.join(''));
    parts = [];
    used = 0;
    endsWithHeading = false;
  };
  for (const block of blocks) {
    const raw = text.slice(block.start, block.end);
    if (raw.trim() === '') {
      if (parts.length > 0) parts.push(raw);
      continue;
    }
    const tokens = countTokens(raw);
    if (block.heading) {
      if (used >= size / 2) flush();
      // A heading longer than a quarter chunk is not repeated: it would crowd out the text.
      const headingTokens = countTokens(raw.trim());
      heading = headingTokens <= size / 4 ? { text: raw.trim(), tokens: headingTokens } : undefined;
    }
    const head = heading && !block.heading ? { text: `${heading.text}\n\n`, tokens: heading.tokens + 1 } : { text: '', tokens: 0 };
    if (used + tokens > size && (tokens + head.tokens <= size || used >= size / 2)) flush();
    if (parts.length === 0 && head.tokens > 0) {
      parts.push(head.text);
      used = head.tokens;
    }
    if (used + tokens <= size) {
      parts.push(raw);
      used += tokens;
      endsWithHeading = block.heading;
      continue;
    }
    // Windows are cut and trimmed on token boundaries; re-encoded after the heading they can come out a token or two longer.
    const room = size - head.tokens - JOIN_SLACK_TOKENS;
    const windows = chunkByTokens(parts.join('') + raw, room, Math.min(overlap, Math.floor(room / 2)));
    const last = windows.pop()!;
    for (const [i, window] of windows.entries()) pieces.push(i === 0 ? window.text : head.text + window.text);
    parts = [windows.length === 0 ? last.text : head.text + last.text];
    used = last.tokenCount + (windows.length === 0 ? 0 : head.tokens);
    endsWithHeading = false;
  }
  flush();
  return pieces;
}

/**
 * Chunks of at most `size` tokens. Markdown (with its blocks) is cut between
 * blocks; other text by token windows that overlap by `overlap` tokens. Block
 * token counts are summed, so each piece is counted again whole, and cut by
 * tokens in the rare case that joining blocks tokenised longer than the parts.
 */
export function chunkDocument(text: string, options: ChunkOptions = {}): DocumentChunk[] {
  const size = options.size ?? 350;
  const overlap = options.overlap ?? 50;
  if (!options.blocks) return chunkByTokens(text, size, overlap).map((c) => ({ index: c.index, text: c.text, token_count: c.tokenCount }));
  const chunks: DocumentChunk[] = [];
  for (const piece of packBlocks(text, options.blocks, size, overlap)) {
    const trimmed = piece.trim();
    const tokens = countTokens(trimmed);
    if (tokens <= size) chunks.push({ index: chunks.length, text: trimmed, token_count: tokens });
    else for (const window of chunkByTokens(trimmed, size, overlap)) chunks.push({ index: chunks.length, text: window.text, token_count: countTokens(window.text) });
  }
  return chunks;
}
