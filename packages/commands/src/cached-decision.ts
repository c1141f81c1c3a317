import { DomainError, type Decider } from '@memctx/domain';

/** What a decider made of a command: events to append, nothing, or a refusal by a domain rule. */
export type Decision<Event> =
  | { kind: 'append'; events: Event[] }
  | { kind: 'nothing' }
  | { kind: 'refused'; error: DomainError };

/** Where the state a decision was taken on came from. */
export type StateSource = 'cache' | 'store';

/** Runs `decide`, turning a domain refusal into a value; any other error is a bug and propagates. */
export function tryDecide<State, Command, Event>(decider: Decider<State, Command, Event>, command: Command, state: State): Decision<Event> {
  try {
    const events = decider.decide(command, state);
    return events.length === 0 ? { kind: 'nothing' } : { kind: 'append', events };
  } catch (error) {
    if (error instanceof DomainError) return { kind: 'refused', error };
    throw error;
  }
}

/**
 * Whether a decision must be taken again on the stream as stored. Another
 * process may have written the stream since this one cached it. An append is
 * safe without a re-read (its expected version catches the difference), but a
 * refusal or a no-op is final, so one taken on cached state would stay wrong
 * (a restore refused after another replica's delete, a write refused after the
 * worker's purge). Only those paths pay for the read.
 */
export const mustReread = (source: StateSource, decision: Decision<unknown>): boolean => source === 'cache' && decision.kind !== 'append';
