import type { Sealer } from '@memctx/shared';

/**
 * A personal field as stored: the JSON of its value sealed under one or more
 * sessions' data keys, layer by layer, so destroying any one of them erases it
 * (a SIP's text quotes records of several sessions). Self-describing, so a reader
 * tells it from a plaintext value (events written before shredding existed) and
 * knows which keys open it.
 */
export interface SealedValue {
  $sealed: 'v1';
  /** Key row ids, innermost layer first; never sessions: a session purged and then written again gets a new key. */
  keys: string[];
  /** base64 of the outermost layer (IV, tag, ciphertext). */
  ct: string;
}

export interface LayerKey {
  keyId: string;
  sealer: Sealer;
}

export function isSealed(value: unknown): value is SealedValue {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SealedValue>;
  return candidate.$sealed === 'v1' && typeof candidate.ct === 'string'
    && Array.isArray(candidate.keys) && candidate.keys.length > 0 && candidate.keys.every((key) => typeof key === 'string');
}

// The event and field are associated data: a sealed value copied into another event or field does not open.
const aadOf = (eventId: string, field: string) => `${eventId.toLowerCase()}\u0000${field}`;

export function sealValue(value: unknown, at: { eventId: string; field: string }, keys: readonly LayerKey[]): SealedValue {
  if (keys.length === 0) throw new Error('sealing needs at least one key');
  const aad = aadOf(at.eventId, at.field);
  let sealed: Buffer = Buffer.from(JSON.stringify(value));
  for (const key of keys) sealed = key.sealer.seal(sealed, aad);
  return { $sealed: 'v1', keys: keys.map((key) => key.keyId), ct: sealed.toString('base64') };
}

/** `sealers` follow `sealed.keys`; throws when the value was not sealed for this event and field under these keys. */
export function openValue(sealed: SealedValue, at: { eventId: string; field: string }, sealers: readonly Sealer[]): unknown {
  const aad = aadOf(at.eventId, at.field);
  let plain: Buffer = Buffer.from(sealed.ct, 'base64');
  for (const sealer of [...sealers].reverse()) plain = sealer.open(plain, aad);
  return JSON.parse(plain.toString('utf8'));
}
