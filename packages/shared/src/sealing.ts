import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with associated data, as one opaque buffer: 12-byte IV, 16-byte
 * tag, ciphertext. The associated data binds a sealed value to where it belongs
 * (a request, a key row, an event field), so it cannot be moved elsewhere.
 */
export interface Sealer {
  seal(plain: Buffer | string, aad: string): Buffer;
  /** Throws when the key is wrong or the sealed bytes or associated data were changed. */
  open(sealed: Buffer, aad: string): Buffer;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('a sealing key must be 32 bytes');
  return {
    seal(plain, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(sealed, aad) {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES)).setAAD(Buffer.from(aad));
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
  };
}

/** A 32-byte key from configuration: 64 hex characters or base64; undefined when not configured. */
export function parseSealingKey(configured: string | undefined, variable: string): Buffer | undefined {
  if (!configured) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
  if (key.length !== 32) throw new Error(`${variable} must be 32 bytes: 64 hex characters or base64`);
  return key;
}
