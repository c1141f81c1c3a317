/** Pure domain logic of one stream: decide events from a command and state; fold events into state. */
export interface Decider<State, Command, Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export type DomainErrorCode = 'not_found' | 'already_exists' | 'session_deleted' | 'project_mismatch';

/** Rule violations the API turns into HTTP statuses (404, 409). */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('not_found', message);
  }
}

export class ConflictError extends DomainError {
  constructor(code: Exclude<DomainErrorCode, 'not_found'>, message: string) {
    super(code, message);
  }
}
