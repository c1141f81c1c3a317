/**
 * Where requests past the in-flight bound wait for a slot, each for at most `maxWaitMs`: one timer tells the oldest
 * its wait is up (`expired`). First come first served while the room clears within a burst; once the oldest has
 * waited half its time, the process is behind for longer than a burst, and the newest is served first (adaptive
 * LIFO): the oldest would be served after a wait as long as the bound, only to be the slowest answer.
 */
export interface WaitingRoom<T> {
  /** Waits `guest` its turn; false when the room is full. */
  enter(guest: T): boolean;
  /** A guest that went away gives up its place (one served or expired has none). */
  leave(guest: T): void;
  /** The guest to serve now, past telling those whose wait is up; undefined when none waits. */
  next(): T | undefined;
  size(): number;
}

export interface WaitingRoomOptions<T> {
  maxWaitMs: number;
  capacity: number;
  expired(guest: T): void;
  now?: () => number;
}

export function createWaitingRoom<T>(options: WaitingRoomOptions<T>): WaitingRoom<T> {
  const { maxWaitMs, capacity, expired } = options;
  const now = options.now ?? (() => performance.now());
  // Oldest first.
  const guests: { guest: T; since: number }[] = [];
  let timer: NodeJS.Timeout | undefined;

  function expire(): void {
    const at = now();
    while (guests.length > 0 && at - guests[0]!.since >= maxWaitMs) expired(guests.shift()!.guest);
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = guests.length > 0 ? setTimeout(() => {
      expire();
      schedule();
    }, maxWaitMs - (now() - guests[0]!.since)).unref() : undefined;
  }

  return {
    enter(guest) {
      if (guests.length >= capacity) return false;
      guests.push({ guest, since: now() });
      if (guests.length === 1) schedule();
      return true;
    },
    leave(guest) {
      const at = guests.findIndex((waiting) => waiting.guest === guest);
      if (at < 0) return;
      guests.splice(at, 1);
      if (at === 0) schedule();
    },
    next() {
      if (guests.length === 0) return undefined;
      expire();
      const behind = guests.length > 0 && now() - guests[0]!.since >= maxWaitMs / 2;
      const served = behind ? guests.pop() : guests.shift();
      schedule();
      return served?.guest;
    },
    size: () => guests.length,
  };
}
