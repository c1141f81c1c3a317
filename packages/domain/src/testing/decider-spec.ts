import { deepStrictEqual } from 'node:assert/strict';
import type { Decider } from '../decider.js';

/**
 * Given/when/then for deciders, framework-free:
 *   DeciderSpecification.for(decider).given([events]).when(command).then([events])
 */
export const DeciderSpecification = {
  for<State, Command, Event>(decider: Decider<State, Command, Event>) {
    return {
      given(events: Event[]) {
        const state = events.reduce(decider.evolve, decider.initialState());
        return {
          when(command: Command) {
            const run = () => decider.decide(command, state);
            return {
              then(expected: Event[]) {
                deepStrictEqual(run(), expected);
              },
              thenNothing() {
                deepStrictEqual(run(), []);
              },
              thenThrows<E extends Error>(errorClass: new (...args: never[]) => E, check?: (error: E) => boolean) {
                let thrown: unknown;
                try {
                  run();
                } catch (error) {
                  thrown = error;
                }
                if (!(thrown instanceof errorClass)) {
                  throw new Error(`expected ${errorClass.name}, got ${thrown === undefined ? 'no error' : String(thrown)}`);
                }
                if (check && !check(thrown)) throw new Error(`${errorClass.name} did not match: ${thrown.message}`);
              },
            };
          },
        };
      },
    };
  },
};
