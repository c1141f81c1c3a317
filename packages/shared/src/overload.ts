/** Which of the bounds a process keeps under overload was reached. */
export type OverloadBound = 'in_flight' | 'commit_queue' | 'queue_wait';

/**
 * The process is at a bound it keeps to stay responsive (requests in flight, the group commit's queue) and refused
 * the work before starting it: nothing was stored, so a retry cannot apply it twice. The HTTP layer answers 503 with
 * Retry-After; queueing it instead would make every accepted request slower without making any of them faster.
 */
export class OverloadedError extends Error {
  override readonly name = 'OverloadedError';
  constructor(readonly bound: OverloadBound, message: string) {
    super(message);
  }
}
