import { AssertionError, deepStrictEqual } from 'node:assert/strict';
import type { Decider } from '../decider.js';

/**
 * Given/when/then for deciders, after Emmett's DeciderSpecification:
 *
 *   DeciderSpecification.for(decider).given([...events]).when(command).then([...events])
 *
 * Framework-free: failures throw node's AssertionError (with a diff), which
 * any test runner reports. Note that `when(...)` returns an object with a
 * `then` method, so do not `await` it.
 */
export const DeciderSpecification = {
  for<State, Command, Event>(decider: Decider<State, Command, Event>) {
    return {
      given(events: readonly Event[]) {
        return {
          when(command: Command) {
            const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
            return {
              then(expected: readonly Event[]): void {
                deepStrictEqual(run(), expected);
              },

              thenNothing(): void {
                deepStrictEqual(run(), [], 'expected no events');
              },

              thenThrows<E extends Error>(errorClass: abstract new (...args: never[]) => E, predicate?: (error: E) => boolean): void {
                let produced: Event[];
                try {
                  produced = run();
                } catch (error) {
                  if (!(error instanceof errorClass)) {
                    throw new AssertionError({ message: `expected ${errorClass.name}, but got ${String(error)}`, actual: error, expected: errorClass });
                  }
                  if (predicate && !predicate(error)) {
                    throw new AssertionError({ message: `${errorClass.name} did not match the predicate: ${error.message}`, actual: error });
                  }
                  return;
                }
                throw new AssertionError({ message: `expected ${errorClass.name}, but decide returned events`, actual: produced, expected: errorClass });
              },
            };
          },
        };
      },
    };
  },
};
