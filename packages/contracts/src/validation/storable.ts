/**
 * Strings PostgreSQL cannot store: `text` and `jsonb` refuse the NUL character,
 * and JSON can carry unpaired UTF-16 surrogates (`"\ud800"`) that are no Unicode
 * at all. Such a string would fail deep in the write path, and a group-committed
 * append would fail every request batched with it, so requests are refused at
 * validation instead, wherever the string sits (field, free-form object, key).
 */
export interface UnstorableString {
  /** Keys from the root of the value; an object key that is itself unstorable ends the path. */
  path: Array<string | number>;
  value: string;
  reason: string;
}

// Without the u flag a regex sees UTF-16 units: a high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// ES2024's String.prototype.isWellFormed (native in Node 20) is not in the ES2023 lib the project compiles against.
const isWellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

export function whyUnstorable(text: string): string | undefined {
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return `a NUL character (U+0000) at index ${nul}`;
  // The native check is fast; the regex (slow, with its lookbehind) only runs to name the culprit.
  if (isWellFormed(text)) return undefined;
  const surrogate = UNPAIRED_SURROGATE.exec(text);
  if (!surrogate) return undefined;
  const unit = surrogate[0].charCodeAt(0).toString(16).toUpperCase();
  return `an unpaired surrogate (U+${unit}) at index ${surrogate.index}`;
}

/** Every unstorable string in a decoded JSON value (or query/path map), walked without recursion. */
export function findUnstorableStrings(root: unknown): UnstorableString[] {
  const found: UnstorableString[] = [];
  const pending: Array<{ value: unknown; path: Array<string | number> }> = [{ value: root, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const reason = whyUnstorable(value);
      if (reason) found.push({ path, value, reason });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], path: [...path, i] });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const reason = whyUnstorable(key);
        if (reason) found.push({ path: [...path, key], value: key, reason: `${reason} in a key` });
        else pending.push({ value: child, path: [...path, key] });
      }
    }
  }
  return found;
}
