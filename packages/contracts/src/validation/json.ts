/**
 * JSON parsing that fails the way Python's `json.loads` does, because FastAPI
 * reports a malformed body as `{"loc": ["body", <char position>], "ctx": {"error": <Python's message>}}`.
 * The fast path is `JSON.parse`; only a failure pays for the second, error-locating scan.
 */
export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: JsonDecodeError };

export interface JsonDecodeError {
  /** Python's message, e.g. "Expecting property name enclosed in double quotes". */
  message: string;
  /** Offset of the error in code points (Python string indices), not UTF-16 units. */
  position: number;
}

export function parseJson(text: string): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Python accepts NaN and Infinity where JSON.parse does not; they have no JSON
    // representation in our responses either, so they are reported as "Expecting value".
    const found = locateJsonError(text) ?? { message: 'Expecting value', index: 0 };
    return { ok: false, error: { message: found.message, position: codePointOffset(text, found.index) } };
  }
}

/** Python string indices count code points, not UTF-16 units. */
export function codePointOffset(text: string, utf16Index: number): number {
  let count = 0;
  for (let i = 0; i < utf16Index && i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const isHighSurrogateOfPair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length;
    if (isHighSurrogateOfPair) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

interface Located {
  message: string;
  index: number;
}

const isWhitespace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isHex = (char: string | undefined) => char !== undefined && /^[0-9a-fA-F]$/.test(char);

function skipWhitespace(text: string, index: number): number {
  let i = index;
  while (isWhitespace(text[i])) i++;
  return i;
}

/** CPython's scanstring: `start` is just after the opening quote. Returns the index after the closing quote. */
function scanString(text: string, start: number): { end: number } | Located {
  const quote = start - 1;
  let i = start;
  for (;;) {
    while (i < text.length && text[i] !== '"' && text[i] !== '\\') {
      if (text.charCodeAt(i) <= 0x1f) return { message: 'Invalid control character at', index: i };
      i++;
    }
    if (i >= text.length) return { message: 'Unterminated string starting at', index: quote };
    if (text[i] === '"') return { end: i + 1 };
    const escaped = i + 1;
    if (escaped === text.length) return { message: 'Unterminated string starting at', index: quote };
    if (text[escaped] !== 'u') {
      if (!'"\\/bfnrt'.includes(text[escaped] ?? '')) return { message: 'Invalid \\escape', index: i };
      i = escaped + 1;
      continue;
    }
    const hexEnd = escaped + 5;
    // CPython wants at least one character after the four digits (the closing quote).
    if (hexEnd >= text.length) return { message: 'Invalid \\uXXXX escape', index: escaped };
    for (let h = escaped + 1; h < hexEnd; h++) {
      if (!isHex(text[h])) return { message: 'Invalid \\uXXXX escape', index: escaped };
    }
    i = hexEnd;
  }
}

/** CPython's _match_number: returns the index after the number, or undefined when none starts here. */
function scanNumber(text: string, start: number): number | undefined {
  let i = start;
  if (text[i] === '-') i++;
  if (!isDigit(text[i])) return undefined;
  // A leading zero stands alone: "01" is the number 0 followed by a stray "1".
  if (text[i] === '0') i++;
  else while (isDigit(text[i])) i++;
  if (text[i] === '.' && isDigit(text[i + 1])) {
    i += 2;
    while (isDigit(text[i])) i++;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    let e = i + 1;
    if (text[e] === '+' || text[e] === '-') e++;
    const digitsStart = e;
    while (isDigit(text[e])) e++;
    if (e > digitsStart) i = e;
  }
  return i;
}

type Container = 'array' | 'object';

/**
 * Walks the text with CPython's scanner rules and returns its first error. It keeps
 * an explicit stack so a deeply nested body cannot overflow the call stack.
 */
function locateJsonError(text: string): Located | undefined {
  const stack: Container[] = [];
  let i = skipWhitespace(text, 0);

  // Scans an object key and its colon; leaves `i` at the start of the value.
  const scanKey = (): Located | undefined => {
    if (text[i] !== '"') return { message: 'Expecting property name enclosed in double quotes', index: i };
    const key = scanString(text, i + 1);
    if ('message' in key) return key;
    i = skipWhitespace(text, key.end);
    if (text[i] !== ':') return { message: "Expecting ':' delimiter", index: i };
    i = skipWhitespace(text, i + 1);
    return undefined;
  };

  for (;;) {
    // A value starts at i.
    const char = text[i];
    if (char === '{') {
      i = skipWhitespace(text, i + 1);
      if (text[i] === '}') {
        i++;
      } else {
        const failure = scanKey();
        if (failure) return failure;
        stack.push('object');
        continue;
      }
    } else if (char === '[') {
      i = skipWhitespace(text, i + 1);
      if (text[i] === ']') {
        i++;
      } else {
        stack.push('array');
        continue;
      }
    } else if (char === '"') {
      const string = scanString(text, i + 1);
      if ('message' in string) return string;
      i = string.end;
    } else if (text.startsWith('null', i) || text.startsWith('true', i)) {
      i += 4;
    } else if (text.startsWith('false', i)) {
      i += 5;
    } else {
      const end = scanNumber(text, i);
      if (end === undefined) return { message: 'Expecting value', index: i };
      i = end;
    }

    // A value ended at i: close finished containers, or move on to the next element.
    for (;;) {
      const container = stack.at(-1);
      if (!container) {
        i = skipWhitespace(text, i);
        return i === text.length ? undefined : { message: 'Extra data', index: i };
      }
      i = skipWhitespace(text, i);
      const closer = container === 'array' ? ']' : '}';
      if (text[i] === closer) {
        stack.pop();
        i++;
        continue;
      }
      if (text[i] !== ',') return { message: "Expecting ',' delimiter", index: i };
      i = skipWhitespace(text, i + 1);
      if (container === 'object') {
        const failure = scanKey();
        if (failure) return failure;
      }
      break;
    }
  }
}
