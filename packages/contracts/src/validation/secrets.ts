/**
 * Fields whose values are secrets. A 422 quotes what the client sent (`input`),
 * so an error at or under such a field, or one quoting an object that holds one
 * (pydantic quotes the parent object of a missing field), leaves `input` out.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['credentials']);

function holdsSecret(value: unknown): boolean {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next === null || typeof next !== 'object') continue;
    for (const [key, child] of Object.entries(next)) {
      if (SECRET_FIELDS.has(key)) return true;
      pending.push(child);
    }
  }
  return false;
}

/** Whether an error at `path` may quote `input` back to the client. */
export function mayEcho(path: ReadonlyArray<PropertyKey>, input: unknown): boolean {
  return !path.some((key) => typeof key === 'string' && SECRET_FIELDS.has(key)) && !holdsSecret(input);
}
