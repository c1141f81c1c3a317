import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DeciderSpecification,
  NotFoundError,
  event,
  sessionDecider,
  type IngestRound,
  type RecordGeneratedStatement,
  type SessionCommand,
  type SessionEvent,
  type SessionState,
} from '../src/index.js';
import { validating } from './validating.js';

const spec = DeciderSpecification.for(validating(sessionDecider));
const day = 24 * 3600 * 1000;
const retention = 30 * day;
const t0 = new Date('2026-11-23T10:00:00.000Z');
const after = (ms: number) => new Date(t0.getTime() + ms);
const iso = (ms: number) => after(ms).toISOString();
const u = { user_id: 'u1', session_id: 's1' };

const round = (project_id: string | null, round_id = 'r1', now = t0): IngestRound => ({
  type: 'IngestRound', ...u, project_id, round_id, user_message: 'hi', assistant_message: 'hello',
  client_timestamp: '2026-11-23T09:59:58Z', response_time_ms: 850, now,
});
const ingested = (project_id: string | null, round_id = 'r1', now = t0) =>
  event('RoundIngested', {
    ...u, project_id, round_id, user_message: 'hi', assistant_message: 'hello',
    client_timestamp: '2026-11-23T09:59:58Z', occurred_at: '2026-11-23T09:59:58.000Z', response_time_ms: 850, ingested_at: now.toISOString(),
  });
it('keeps a client timestamp that is no instant verbatim, with no occurred_at, so read models date the round by ingestion', () =>
  spec.given([]).when({ ...round(null), client_timestamp: 'banana o’clock' }).then([
    event('RoundIngested', {
      ...u, project_id: null, round_id: 'r1', user_message: 'hi', assistant_message: 'hello',
      client_timestamp: 'banana o’clock', occurred_at: null, response_time_ms: 850, ingested_at: t0.toISOString(),
    }),
  ]));

const statement = (project_id: string | null): RecordGeneratedStatement => ({
  type: 'RecordGeneratedStatement', ...u, project_id, record_id: 'g1', user_message: 'q', assistant_message: 'maybe', now: t0,
});
const recorded = (project_id: string | null) =>
  event('GeneratedStatementRecorded', { ...u, project_id, record_id: 'g1', user_message: 'q', assistant_message: 'maybe', recorded_at: t0.toISOString() });

const softDelete = (reason: 'delete' | 'clear_all' = 'delete', at = 0): SessionCommand =>
  ({ type: 'SoftDeleteSession', ...u, now: after(at), retention_ms: retention, reason });
const deleted = (reason: 'delete' | 'clear_all' = 'delete', at = 0) =>
  event('SessionSoftDeleted', { ...u, deleted_at: iso(at), purge_after: iso(at + retention), reason });
const restore = (at: number): SessionCommand => ({ type: 'RestoreSession', ...u, now: after(at) });
const restored = (at: number) => event('SessionRestored', { ...u, restored_at: iso(at) });
const purge = (at: number): SessionCommand => ({ type: 'PurgeSession', ...u, now: after(at) });
const purged = (at = retention) => event('SessionPurged', { ...u, purged_at: iso(at) });

const isCode = (code: string) => (e: ConflictError) => e.code === code;

describe('session decider: coming to exist', () => {
  it('starts a session with its first round', () => spec.given([]).when(round('p1')).then([ingested('p1')]));

  it('starts a session with its first generated statement', () => spec.given([]).when(statement(null)).then([recorded(null)]));

  it('keeps appending rounds to an active session', () =>
    spec.given([ingested('p1'), recorded('p1')]).when(round('p1', 'r2')).then([ingested('p1', 'r2')]));
});

describe('session decider: project binding', () => {
  it('lets a write without a project inherit the binding', () => {
    spec.given([ingested('p1')]).when(round(null, 'r2')).then([ingested('p1', 'r2')]);
    spec.given([ingested('p1')]).when(statement(null)).then([recorded('p1')]);
  });

  it('binds a so-far unbound session to the first project a write names', () => {
    spec.given([ingested(null)]).when(round('p2', 'r2')).then([ingested('p2', 'r2')]);
    spec.given([recorded(null)]).when(statement('p2')).then([recorded('p2')]);
  });

  it('keeps the first binding once made', () =>
    spec.given([ingested(null), ingested('p2', 'r2')]).when(round('p3', 'r3')).thenThrows(ConflictError, isCode('project_mismatch')));

  it('refuses a round or statement naming another project', () => {
    spec.given([ingested('p1')]).when(round('p2', 'r2')).thenThrows(ConflictError, isCode('project_mismatch'));
    spec.given([ingested('p1')]).when(statement('p2')).thenThrows(ConflictError, isCode('project_mismatch'));
  });

  it('keeps the binding across delete and restore', () =>
    spec.given([ingested('p1'), deleted(), restored(day)]).when(round('p2', 'r2')).thenThrows(ConflictError, isCode('project_mismatch')));
});

describe('session decider: writes after deletion', () => {
  it('refuses writes into a soft-deleted session', () => {
    spec.given([ingested('p1'), deleted()]).when(round('p1', 'r2')).thenThrows(ConflictError, isCode('session_deleted'));
    spec.given([ingested('p1'), deleted()]).when(round(null, 'r2')).thenThrows(ConflictError, isCode('session_deleted'));
    spec.given([ingested('p1'), deleted()]).when(statement(null)).thenThrows(ConflictError, isCode('session_deleted'));
  });

  it('accepts writes again once restored', () =>
    spec.given([ingested('p1'), deleted(), restored(day)]).when(round(null, 'r2', after(2 * day))).then([ingested('p1', 'r2', after(2 * day))]));

  it('starts a purged session afresh, free to bind to another project', () => {
    spec.given([ingested('p1'), deleted(), purged()]).when(round('p2', 'r2')).then([ingested('p2', 'r2')]);
    spec.given([ingested('p1'), deleted(), purged()]).when(statement(null)).then([recorded(null)]);
  });

  it('can delete a session restarted after purge, with a fresh window', () =>
    spec.given([ingested('p1'), deleted(), purged(), ingested(null, 'r2', after(40 * day))])
      .when(softDelete('delete', 41 * day)).then([deleted('delete', 41 * day)]));
});

describe('session decider: soft delete', () => {
  it('soft-deletes an active session, opening a retention window', () => {
    spec.given([ingested('p1')]).when(softDelete()).then([deleted()]);
    spec.given([ingested('p1')]).when(softDelete('clear_all')).then([deleted('clear_all')]);
  });

  it('soft-deletes a restored session again', () =>
    spec.given([ingested('p1'), deleted(), restored(day)]).when(softDelete('delete', 2 * day)).then([deleted('delete', 2 * day)]));

  it('answers not found for a new, soft-deleted or purged session', () => {
    spec.given([]).when(softDelete()).thenThrows(NotFoundError);
    spec.given([ingested('p1'), deleted()]).when(softDelete()).thenThrows(NotFoundError);
    spec.given([ingested('p1'), deleted(), purged()]).when(softDelete()).thenThrows(NotFoundError);
  });
});

describe('session decider: restore', () => {
  it('restores within the window, up to its last millisecond', () => {
    spec.given([ingested('p1'), deleted()]).when(restore(day)).then([restored(day)]);
    spec.given([ingested('p1'), deleted()]).when(restore(retention - 1)).then([restored(retention - 1)]);
  });

  it('answers not found once the window has elapsed, even before the purge job ran', () => {
    spec.given([ingested('p1'), deleted()]).when(restore(retention)).thenThrows(NotFoundError);
    spec.given([ingested('p1'), deleted()]).when(restore(retention + day)).thenThrows(NotFoundError);
  });

  it('answers not found for an active, new or purged session', () => {
    spec.given([ingested('p1')]).when(restore(day)).thenThrows(NotFoundError);
    spec.given([ingested('p1'), deleted(), restored(day)]).when(restore(2 * day)).thenThrows(NotFoundError);
    spec.given([]).when(restore(day)).thenThrows(NotFoundError);
    spec.given([ingested('p1'), deleted(), purged()]).when(restore(retention + 1)).thenThrows(NotFoundError);
  });
});

describe('session decider: purge', () => {
  it('purges a soft-deleted session once its window has elapsed', () => {
    spec.given([ingested('p1'), deleted()]).when(purge(retention)).then([purged(retention)]);
    spec.given([ingested('p1'), deleted()]).when(purge(retention + day)).then([purged(retention + day)]);
  });

  it('does nothing while the window is open', () =>
    spec.given([ingested('p1'), deleted()]).when(purge(retention - 1)).thenNothing());

  it('does nothing for active, restored, new or already purged sessions', () => {
    spec.given([ingested('p1')]).when(purge(retention)).thenNothing();
    spec.given([ingested('p1'), deleted(), restored(day)]).when(purge(retention)).thenNothing();
    spec.given([]).when(purge(retention)).thenNothing();
    spec.given([ingested('p1'), deleted(), purged()]).when(purge(retention + day)).thenNothing();
  });
});

describe('session decider: loading from the newest write', () => {
  it('folds to the same state from the newest start-over event as from the stream start, for every history of six commands', () => {
    const step = day;
    const window = 1.5 * day;
    const commands: ((now: Date) => SessionCommand)[] = [
      (now) => round('p1', 'r', now),
      (now) => round('p2', 'r', now),
      (now) => round(null, 'r', now),
      (now) => ({ ...statement('p1'), now }),
      (now) => ({ type: 'SoftDeleteSession', ...u, now, retention_ms: window, reason: 'delete' }),
      (now) => ({ type: 'RestoreSession', ...u, now }),
      (now) => ({ type: 'PurgeSession', ...u, now }),
    ];
    const startsOver = new Set(sessionDecider.startsOverAt);
    const fold = (events: readonly SessionEvent[]) => events.reduce(sessionDecider.evolve, sessionDecider.initialState());
    let checked = 0;
    const explore = (state: SessionState, history: SessionEvent[], depth: number) => {
      const from = history.findLastIndex((e) => startsOver.has(e.type));
      expect(fold(history.slice(Math.max(from, 0)))).toEqual(state);
      checked++;
      if (depth === 6) return;
      for (const command of commands) {
        let events: SessionEvent[];
        try {
          events = sessionDecider.decide(command(after(depth * step)), state);
        } catch {
          continue; // refused: nothing is appended
        }
        explore(events.reduce(sessionDecider.evolve, state), [...history, ...events], depth + 1);
      }
    };
    explore(sessionDecider.initialState(), [], 0);
    expect(checked).toBeGreaterThan(10_000);
  });
});
