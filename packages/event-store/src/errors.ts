import type { ExpectedVersion } from './types.js';

/** The stream was not at the version the append expected; nothing of that append was written. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  readonly stream_id: string;
  readonly expected: ExpectedVersion;
  /** The stream's version when the append was refused (0: no stream). */
  readonly actual: number;

  constructor(streamId: string, expected: ExpectedVersion, actual: number) {
    super(`stream ${streamId} is at version ${actual}, the append expected ${String(expected)}`);
    this.stream_id = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

/** An append the store refuses to look at (no stream id, an event id that is not a uuid, ...). */
export class InvalidAppendError extends Error {
  override readonly name = 'InvalidAppendError';
}
