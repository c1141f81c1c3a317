import { describe, it } from 'vitest';
import { ConflictError, DeciderSpecification, NotFoundError, event, sessionDecider, type SessionCommand } from '@memctx/domain';

const spec = DeciderSpecification.for(sessionDecider);
const now = new Date('2026-11-23T10:00:00.000Z');
const day = 24 * 3600 * 1000;

const round = (overrides: Partial<Extract<SessionCommand, { type: 'IngestRound' }>> = {}): SessionCommand => ({
  type: 'IngestRound', user_id: 'u1', session_id: 's1', project_id: 'p1', round_id: 'r1',
  user_message: 'hi', assistant_message: 'hello', client_timestamp: null, response_time_ms: null, now, ...overrides,
});
const ingested = (projectId: string | null = 'p1', roundId = 'r1') =>
  event('RoundIngested', {
    user_id: 'u1', session_id: 's1', project_id: projectId, round_id: roundId, user_message: 'hi', assistant_message: 'hello',
    client_timestamp: null, response_time_ms: null, ingested_at: now.toISOString(),
  });
const deleted = (purgeAfter = new Date(now.getTime() + 30 * day)) =>
  event('SessionSoftDeleted', { user_id: 'u1', session_id: 's1', deleted_at: now.toISOString(), purge_after: purgeAfter.toISOString(), reason: 'delete' });
const purged = () => event('SessionPurged', { user_id: 'u1', session_id: 's1', purged_at: now.toISOString() });
const softDelete: SessionCommand = { type: 'SoftDeleteSession', user_id: 'u1', session_id: 's1', now, retention_ms: 30 * day, reason: 'delete' };
const restoreAt = (at: Date): SessionCommand => ({ type: 'RestoreSession', user_id: 'u1', session_id: 's1', now: at });
const purgeAt = (at: Date): SessionCommand => ({ type: 'PurgeSession', user_id: 'u1', session_id: 's1', now: at });

describe('session decider', () => {
  it('creates the session with its first round', () => spec.given([]).when(round()).then([ingested()]));

  it('binds the session to the first project named and inherits it when a write names none', () =>
    spec.given([ingested('p1')]).when(round({ project_id: null, round_id: 'r1' })).then([ingested('p1')]));

  it('binds a project-less session to the first project a later write names', () =>
    spec.given([ingested(null)]).when(round({ project_id: 'p2' })).then([ingested('p2')]));

  it('refuses a write naming another project', () =>
    spec.given([ingested('p1')]).when(round({ project_id: 'p2' })).thenThrows(ConflictError, (e) => e.code === 'project_mismatch'));

  it('refuses a write into a soft-deleted session', () =>
    spec.given([ingested(), deleted()]).when(round()).thenThrows(ConflictError, (e) => e.code === 'session_deleted'));

  it('starts a purged session afresh, with a new project binding', () =>
    spec.given([ingested('p1'), deleted(), purged()]).when(round({ project_id: 'p2' })).then([ingested('p2')]));

  it('records a generated statement, which also creates the session', () =>
    spec.given([]).when({ type: 'RecordGeneratedStatement', user_id: 'u1', session_id: 's1', project_id: null, record_id: 'g1', user_message: 'q', assistant_message: 'maybe', now })
      .then([event('GeneratedStatementRecorded', { user_id: 'u1', session_id: 's1', project_id: null, record_id: 'g1', user_message: 'q', assistant_message: 'maybe', recorded_at: now.toISOString() })]));

  it('soft-deletes an active session with a 30-day window', () => spec.given([ingested()]).when(softDelete).then([deleted()]));

  it('answers not found when deleting a missing, deleted or purged session', () => {
    spec.given([]).when(softDelete).thenThrows(NotFoundError);
    spec.given([ingested(), deleted()]).when(softDelete).thenThrows(NotFoundError);
    spec.given([ingested(), deleted(), purged()]).when(softDelete).thenThrows(NotFoundError);
  });

  it('restores within the window', () =>
    spec.given([ingested(), deleted()]).when(restoreAt(new Date(now.getTime() + day)))
      .then([event('SessionRestored', { user_id: 'u1', session_id: 's1', restored_at: new Date(now.getTime() + day).toISOString() })]));

  it('does not restore an active, new or purged session, or after the window', () => {
    spec.given([ingested()]).when(restoreAt(now)).thenThrows(NotFoundError);
    spec.given([]).when(restoreAt(now)).thenThrows(NotFoundError);
    spec.given([ingested(), deleted(), purged()]).when(restoreAt(now)).thenThrows(NotFoundError);
    spec.given([ingested(), deleted()]).when(restoreAt(new Date(now.getTime() + 30 * day))).thenThrows(NotFoundError);
  });

  it('purges only when the window has elapsed, and only once', () => {
    spec.given([ingested(), deleted()]).when(purgeAt(new Date(now.getTime() + 29 * day))).thenNothing();
    spec.given([ingested(), deleted()]).when(purgeAt(new Date(now.getTime() + 30 * day)))
      .then([event('SessionPurged', { user_id: 'u1', session_id: 's1', purged_at: new Date(now.getTime() + 30 * day).toISOString() })]);
    spec.given([ingested(), deleted(), purged()]).when(purgeAt(new Date(now.getTime() + 31 * day))).thenNothing();
    spec.given([ingested()]).when(purgeAt(now)).thenNothing();
  });
});
