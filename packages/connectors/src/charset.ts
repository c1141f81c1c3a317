import { MIMEType, TextDecoder } from 'node:util';
import chardet from 'chardet';

/** A decoder for the label, or undefined when the WHATWG Encoding Standard (Node's TextDecoder) does not know it. */
function decoderFor(label: string | null | undefined): TextDecoder | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label);
  } catch {
    return undefined;
  }
}

/** The charset parameter of a Content-Type header, when it has one. */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  try {
    return new MIMEType(contentType ?? '').params.get('charset') ?? undefined;
  } catch {
    return undefined;
  }
}

/** A byte order mark outranks any declaration, as the Encoding Standard's BOM sniffing says. */
function byteOrderMark(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

// chardet's statistics settle well within this; a 20 MB body need not be read twice in full.
const DETECTION_SAMPLE_BYTES = 64 * 1024;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of `bytes`: in the charset of its byte order mark, or the declared
 * one when the Encoding Standard knows it (a server's Content-Type wins over
 * guessing, as in a browser); else as UTF-8 when the
 * bytes are valid UTF-8 (a legacy encoding that happens to be valid UTF-8 is
 * rare, and statistics on short texts often guess wrong); else in the charset
 * chardet detects (UTF-16 by its BOM, Latin-1, Windows-125x, Shift_JIS, GB18030 ...),
 * falling back to UTF-8 with replacement characters.
 */
export function decodeBytes(bytes: Uint8Array, declared?: string): { text: string; encoding: string } {
  const named = decoderFor(byteOrderMark(bytes) ?? declared);
  if (named) return { text: named.decode(bytes), encoding: named.encoding };
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    const decoder = decoderFor(chardet.detect(bytes.subarray(0, DETECTION_SAMPLE_BYTES))) ?? new TextDecoder('utf-8');
    return { text: decoder.decode(bytes), encoding: decoder.encoding };
  }
}

/** Text media types, whose bytes are characters in some charset (PDF and DOCX carry their own encodings). */
export const isTextType = (type: string) => type.startsWith('text/') || type === 'application/xhtml+xml';
