import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys are 32 random bytes, so a single SHA-256 is the right hash: a slow
 * password hash (bcrypt, argon2) only helps against guessable secrets, and would put
 * a deliberate delay on every authenticated request.
 */
export const API_KEY_PREFIX = 'mcx_';
const SECRET_BYTES = 32;
const API_KEY_PATTERN = /^mcx_[A-Za-z0-9_-]{43}$/;
/** How much of a key is kept in clear, to recognise it in listings: "mcx_" and 8 characters. */
const DISPLAY_PREFIX_LENGTH = 12;

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

export const isWellFormedApiKey = (token: string) => API_KEY_PATTERN.test(token);

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

export const hashApiKey = sha256;

export const displayPrefix = (key: string) => key.slice(0, DISPLAY_PREFIX_LENGTH);

/** Compares two digests in constant time (false when their lengths differ). */
export function digestsMatch(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
