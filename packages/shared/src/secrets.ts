import { createHash, timingSafeEqual } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time equality of two secrets of any length: their digests are compared, never the strings. */
export function secretsMatch(presented: string, expected: string): boolean {
  return timingSafeEqual(sha256(presented), sha256(expected));
}
