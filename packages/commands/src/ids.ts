import { createHash } from 'node:crypto';

/**
 * A uuid derived from (user, kind, Idempotency-Key): a retried request names
 * the same record and the same event id, so the store keeps one copy.
 */
export function deterministicId(userId: string, kind: string, key: string): string {
  const hex = createHash('sha256').update(`${userId}\u0000${kind}\u0000${key}`).digest('hex');
  // Shape it as an RFC 4122 version-5-style uuid so it fits uuid columns.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
