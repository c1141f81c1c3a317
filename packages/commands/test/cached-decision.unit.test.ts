import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, sessionDecider, sessionStream, type Decider } from '@memctx/domain';
import { createInMemoryEventStore, type EventStore } from '@memctx/event-store';
import { createMemoryService } from '../src/index.js';
import { mustReread, tryDecide, type Decision } from '../src/cached-decision.js';

const DAY = 24 * 3600 * 1000;
const append: Decision<unknown> = { kind: 'append', events: [{}] };
const nothing: Decision<unknown> = { kind: 'nothing' };
const refused: Decision<unknown> = { kind: 'refused', error: new NotFoundError('gone') };

describe('the re-read rule', () => {
  it('given state from the cache, when the decision refuses or does nothing, then the stream is read again', () => {
    expect(mustReread('cache', refused)).toBe(true);
    expect(mustReread('cache', nothing)).toBe(true);
  });

  it('given state from the cache, when the decision appends, then no read: the expected version catches a stale cache', () => {
    expect(mustReread('cache', append)).toBe(false);
  });

  it('given state just read from the store, then its decision stands whatever it is', () => {
    for (const decision of [append, nothing, refused]) expect(mustReread('store', decision)).toBe(false);
  });

  it('tryDecide turns domain refusals into values and lets any other error through', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const restore = { type: 'RestoreSession', user_id: 'u', session_id: 's', now: at } as const;
    expect(tryDecide(sessionDecider, restore, sessionDecider.initialState())).toMatchObject({ kind: 'refused', error: expect.any(NotFoundError) });
    const broken: Decider<null, null, never> = { initialState: () => null, evolve: () => null, decide: () => { throw new TypeError('bug'); } };
    expect(() => tryDecide(broken, null, null)).toThrow(TypeError);
  });
});

/** Counts stream reads, to show the re-read happens only on the refusing path. */
function countingReads(store: EventStore): EventStore & { reads: () => number } {
  let reads = 0;
  return Object.assign(Object.create(store) as EventStore, {
    readStream: (...args: Parameters<EventStore['readStream']>) => {
      reads++;
      return store.readStream(...args);
    },
    reads: () => reads,
  });
}

describe('two command processes on one event store', () => {
  const round = (sessionId: string, n: number) => ({ session_id: sessionId, user_message: `question ${n}`, assistant_message: `answer ${n}` });

  function twoProcesses(clock: () => Date = () => new Date()) {
    const store = createInMemoryEventStore();
    const a = countingReads(store);
    return {
      store,
      a,
      apiA: createMemoryService({ store: a, clock, sessionRetentionMs: DAY }),
      apiB: createMemoryService({ store, clock, sessionRetentionMs: DAY }),
    };
  }

  it('given A cached a session as active, when B deletes it, then A restores it', async () => {
    const { apiA, apiB } = twoProcesses();
    await apiA.ingestRound('u', round('s1', 1));
    await apiB.deleteSession('u', 's1');
    await expect(apiA.restoreSession('u', 's1')).resolves.toMatchObject({ position: expect.anything() });
    expect(await apiA.sessionIsLive('u', 's1')).toBe(true);
    // B cached the session as deleted; its round is accepted after its own re-read.
    await expect(apiB.ingestRound('u', round('s1', 2))).resolves.toMatchObject({ roundId: expect.any(String) });
  });

  it('given A cached a session as deleted, when B purges it, then a round via A starts it afresh', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { store, apiA, apiB } = twoProcesses(() => now);
    await apiA.ingestRound('u', round('s2', 1));
    await apiA.deleteSession('u', 's2');
    now = new Date(now.getTime() + DAY);
    expect(await apiB.purgeSession('u', 's2')).toBe(true);
    await apiA.ingestRound('u', round('s2', 2));
    const { events } = await store.readStream(sessionStream('u', 's2'));
    expect(events.map((e) => e.type)).toEqual(['RoundIngested', 'SessionSoftDeleted', 'SessionPurged', 'RoundIngested']);
    const state = events.reduce((s, e) => sessionDecider.evolve(s, e as never), sessionDecider.initialState());
    expect(state).toMatchObject({ status: 'active', purge_after: null });
  });

  it('given A cached a session as active, when B deletes it and the window passes, then a purge via A is not a no-op', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { apiA, apiB } = twoProcesses(() => now);
    await apiA.ingestRound('u', round('s3', 1));
    await apiB.deleteSession('u', 's3');
    now = new Date(now.getTime() + DAY);
    expect(await apiA.purgeSession('u', 's3')).toBe(true);
  });

  it('a refusal that still holds on the stored stream is still refused, and a cached accept reads nothing', async () => {
    const { a, apiA, apiB } = twoProcesses();
    await apiA.ingestRound('u', round('s4', 1));
    const reads = a.reads();
    await apiA.ingestRound('u', round('s4', 2));
    expect(a.reads()).toBe(reads);
    await apiB.ingestRound('u', round('s4', 3));
    await expect(apiA.restoreSession('u', 's4')).rejects.toBeInstanceOf(NotFoundError);
    expect(a.reads()).toBe(reads + 1);
    await apiB.deleteSession('u', 's4');
    await expect(apiB.ingestRound('u', round('s4', 4))).rejects.toBeInstanceOf(ConflictError);
  });

  it('a check that fails on cached state is made again: a session deleted and restored elsewhere is live', async () => {
    const { apiA, apiB } = twoProcesses();
    await apiA.ingestRound('u', round('s5', 1));
    await apiA.deleteSession('u', 's5');
    expect(await apiA.sessionIsLive('u', 's5')).toBe(false);
    await apiB.restoreSession('u', 's5');
    expect(await apiA.sessionIsLive('u', 's5')).toBe(true);
  });
});
