/**
 * The pure logic of one stream (Emmett's decider): `decide` turns a command and
 * the current state into new events, or throws a DomainError; `evolve` folds
 * one event into the state. No I/O and no clock: time arrives in the command.
 */
export interface Decider<State, Command, Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
  /**
   * Event types after which the state no longer depends on anything before them (`evolve` of one ignores the state
   * it is given): a load may fold from the newest such event instead of the stream's start.
   */
  startsOverAt?: readonly string[];
}

export type ConflictCode = 'already_exists' | 'session_deleted' | 'project_mismatch';
export type DomainErrorCode = 'not_found' | ConflictCode;

/**
 * A command refused by a domain rule. The code is machine-readable so the API
 * can map the class to a status (NotFoundError → 404, ConflictError → 409) and
 * still tell clients which rule they hit.
 */
export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Also what a caller gets for another user's stream: ownership is indistinguishable from absence. */
export class NotFoundError extends DomainError {
  readonly code = 'not_found';
}

export class ConflictError extends DomainError {
  constructor(
    readonly code: ConflictCode,
    message: string,
  ) {
    super(message);
  }
}
