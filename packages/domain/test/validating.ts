import { parseDomainEvent, type Decider, type DomainEvent } from '../src/index.js';

/** The same decider, except every event it decides must pass its schema, as the store's readers will demand. */
export function validating<S, C, E extends DomainEvent>(decider: Decider<S, C, E>): Decider<S, C, E> {
  return {
    ...decider,
    decide: (command, state) => decider.decide(command, state).map((e) => {
      parseDomainEvent(e.type, e.data);
      return e;
    }),
  };
}
