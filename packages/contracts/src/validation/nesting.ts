/**
 * The deepest a JSON body may nest. No request of this API needs more than a
 * few levels; a body of a million `[` parses, but every recursive walk after it
 * (validation, hashing, logging) would overflow the stack.
 */
export const MAX_JSON_DEPTH = 32;

/** Native indexOf jumps over text without brackets; only a body with many of them pays for the scan below. */
function fewerOpenersThan(text: string, limit: number): boolean {
  let count = 0;
  for (const opener of ['[', '{']) {
    for (let i = text.indexOf(opener); i >= 0; i = text.indexOf(opener, i + 1)) if (++count >= limit) return false;
  }
  return true;
}

/**
 * Where the text first opens a container beyond `maxDepth` levels (a UTF-16
 * index), or undefined. Brackets inside strings do not count. Runs before
 * JSON.parse, so a hostile body is refused without being built.
 */
export function excessiveNestingAt(text: string, maxDepth = MAX_JSON_DEPTH): number | undefined {
  if (fewerOpenersThan(text, maxDepth + 1)) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > maxDepth) return i;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return undefined;
}
