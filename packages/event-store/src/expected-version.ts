import { WrongExpectedVersionError, type ExpectedVersion } from './types.js';

/** Throws unless a stream at `actual` satisfies `expected`. */
export function assertExpectedVersion(streamId: string, expected: ExpectedVersion, actual: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === 0) ||
    (expected === 'stream_exists' && actual > 0) ||
    (typeof expected === 'number' && expected === actual);
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, actual);
}
