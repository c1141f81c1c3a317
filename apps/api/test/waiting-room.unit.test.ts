import { describe, expect, it } from 'vitest';
import { createWaitingRoom } from '../src/http/waiting-room.js';

/** A room on a clock the test moves; what expired is collected. */
function room(capacity = 8, maxWaitMs = 100) {
  let clock = 0;
  const expired: string[] = [];
  const waiting = createWaitingRoom<string>({ maxWaitMs, capacity, expired: (guest) => expired.push(guest), now: () => clock });
  return { waiting, expired, advance: (ms: number) => (clock += ms) };
}

describe('the waiting room', () => {
  it('given guests that have not waited half the wait, serves them first come first served', () => {
    const { waiting, advance } = room();
    waiting.enter('a');
    advance(10);
    waiting.enter('b');
    waiting.enter('c');
    expect([waiting.next(), waiting.next(), waiting.next(), waiting.next()]).toEqual(['a', 'b', 'c', undefined]);
  });

  it('given the oldest has waited half the wait, serves the newest first', () => {
    const { waiting, advance } = room();
    waiting.enter('old');
    advance(60);
    waiting.enter('new');
    expect(waiting.next()).toBe('new');
    // Alone again and still past half its wait, the oldest is served last.
    expect(waiting.next()).toBe('old');
  });

  it('given a guest whose wait is up, tells it expired instead of serving it', () => {
    const { waiting, expired, advance } = room();
    waiting.enter('late');
    advance(100);
    waiting.enter('fresh');
    expect(waiting.next()).toBe('fresh');
    expect(expired).toEqual(['late']);
    expect(waiting.size()).toBe(0);
  });

  it('given a full room, refuses the next guest', () => {
    const { waiting } = room(2);
    expect([waiting.enter('a'), waiting.enter('b'), waiting.enter('c')]).toEqual([true, true, false]);
    expect(waiting.size()).toBe(2);
  });

  it('given a guest that left, serves the others and never it', () => {
    const { waiting, expired, advance } = room();
    waiting.enter('a');
    waiting.enter('gone');
    waiting.enter('c');
    waiting.leave('gone');
    waiting.leave('never there');
    advance(100);
    expect(waiting.next()).toBeUndefined();
    expect(expired).toEqual(['a', 'c']);
  });
});
