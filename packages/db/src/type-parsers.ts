/**
 * Both backends return int8 and xid8 as text by default. Positions, counts and
 * transaction ids stay far below 2^53 in practice, so plain numbers keep every
 * caller simple; anything larger fails loudly rather than losing precision.
 */
export const INT8_OID = 20;
export const XID8_OID = 5069;

export function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`integer ${text} exceeds Number.MAX_SAFE_INTEGER`);
  return value;
}

export const integerParsers: Record<number, (text: string) => number> = {
  [INT8_OID]: parseSafeInteger,
  [XID8_OID]: parseSafeInteger,
};
