import type { Sealer } from '@memctx/shared';

/**
 * A personal field as stored: the JSON of its value sealed under a session's
 * data key. Self-describing, so a reader tells it from a plaintext value (events
 * written before shredding existed) and knows which key opens it.
 */
export interface SealedValue {
  $sealed: 'v1';
  /** The key row's id, never the session: a session purged and then written again gets a new key. */
  key: string;
  /** base64 of IV, tag and ciphertext. */
  ct: string;
}

export function isSealed(value: unknown): value is SealedValue {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SealedValue>;
  return candidate.$sealed === 'v1' && typeof candidate.key === 'string' && typeof candidate.ct === 'string';
}

// The event and field are associated data: a sealed value copied into another event or field does not open.
const aadOf = (eventId: string, field: string) => `${eventId.toLowerCase()}\u0000${field}`;

export function sealValue(value: unknown, at: { eventId: string; field: string }, key: { keyId: string; sealer: Sealer }): SealedValue {
  const sealed = key.sealer.seal(JSON.stringify(value), aadOf(at.eventId, at.field));
  return { $sealed: 'v1', key: key.keyId, ct: sealed.toString('base64') };
}

/** Throws when the value was not sealed for this event and field under this key. */
export function openValue(sealed: SealedValue, at: { eventId: string; field: string }, sealer: Sealer): unknown {
  return JSON.parse(sealer.open(Buffer.from(sealed.ct, 'base64'), aadOf(at.eventId, at.field)).toString('utf8'));
}
