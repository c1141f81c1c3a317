import type { ExpectedVersion } from './types.js';

export function satisfiesExpectedVersion(expected: ExpectedVersion, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 0;
  if (expected === 'stream_exists') return actual > 0;
  return expected === actual;
}
