/** The seeded randomness the haystack is drawn with, and the shape of what its banks draw. */
export type Rng = () => number;
export type Exchange = [user: string, assistant: string];
/** A bank draws one exchange (user message, assistant reply) with the given randomness. */
export type Bank = (r: Rng) => Exchange;

/** mulberry32: small, fast and the same everywhere. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
export const chance = (r: Rng, p: number) => r() < p;

/** One of the question-and-answer pairs, as a bank. */
export const pairs = (list: readonly Exchange[]): Bank => (r) => pick(r, list);

/** Draws from one of the banks, each as likely as the others. */
export const either = (...banks: Bank[]): Bank => (r) => pick(r, banks)(r);

/** ISO-8601 in whole seconds, as clients send it: 2024-03-05T14:12:00Z. */
export const isoAt = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
