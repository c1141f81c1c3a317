import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import { ConflictError, DeciderSpecification, DomainError, NotFoundError, type Decider } from '../src/index.js';

// A counter that refuses to go past 2, to exercise the helper itself.
type Add = { by: number };
const counter: Decider<number, Add, { added: number }> = {
  initialState: () => 0,
  evolve: (total, e) => total + e.added,
  decide: (command, total) => {
    if (total + command.by > 2) throw new ConflictError('already_exists', 'full');
    return command.by === 0 ? [] : [{ added: command.by }];
  },
};
const spec = DeciderSpecification.for(counter);

describe('DeciderSpecification', () => {
  it('passes when the decided events match', () => {
    spec.given([]).when({ by: 1 }).then([{ added: 1 }]);
    spec.given([{ added: 1 }]).when({ by: 0 }).thenNothing();
    spec.given([{ added: 1 }, { added: 1 }]).when({ by: 1 }).thenThrows(ConflictError, (e) => e.code === 'already_exists');
    spec.given([{ added: 2 }]).when({ by: 1 }).thenThrows(DomainError);
  });

  it('folds the given events before deciding', () =>
    expect(() => spec.given([{ added: 2 }]).when({ by: 1 }).then([{ added: 1 }])).toThrow(ConflictError));

  it('fails with a readable AssertionError on other events', () => {
    expect(() => spec.given([]).when({ by: 1 }).then([{ added: 2 }])).toThrow(AssertionError);
    expect(() => spec.given([]).when({ by: 1 }).thenNothing()).toThrow(/expected no events/);
  });

  it('fails when the expected error is missing, of another class, or does not match', () => {
    expect(() => spec.given([]).when({ by: 1 }).thenThrows(ConflictError)).toThrow(/expected ConflictError, but decide returned events/);
    expect(() => spec.given([{ added: 2 }]).when({ by: 1 }).thenThrows(NotFoundError)).toThrow(AssertionError);
    expect(() => spec.given([{ added: 2 }]).when({ by: 1 }).thenThrows(ConflictError, (e) => e.code === 'session_deleted'))
      .toThrow(/did not match the predicate/);
  });
});
