/** Keyset pages over an id column: the cursor is the last id of a page, base64url-encoded. */
export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export const encodeCursor = (lastId: string): string => Buffer.from(lastId, 'utf8').toString('base64url');

/** Any base64url text decodes to some string; a forged one only moves where the page starts. */
export const decodeCursor = (cursor: string | undefined): string => (cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : '');

/** Rows were read with limit + 1, so a row beyond the page says another page exists. */
export function toPage<R, T>(rows: readonly R[], limit: number, idOf: (row: R) => string, map: (row: R) => T): Page<T> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return { items: pageRows.map(map), next_cursor: rows.length > limit && last ? encodeCursor(idOf(last)) : null };
}
