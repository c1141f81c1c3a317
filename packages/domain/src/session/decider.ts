import { ConflictError, NotFoundError, type Decider } from '../decider.js';
import { event, type EventOf } from '../events/index.js';
import { parseClientTimestamp } from './timestamp.js';

/*
 * Session rules. The spec shows delete, restore and purge; the rest are our
 * decisions (the spec leaves "how a session is first created" open):
 * 1. A session comes to exist with the first round or generated statement that
 *    names it (new → active). There is no separate create command.
 * 2. The first write naming a project binds the session to it. A later write
 *    naming another project is a ConflictError('project_mismatch'); a write
 *    naming none is fine and its event carries the session's binding.
 * 3. A write into a soft-deleted session is a ConflictError('session_deleted'):
 *    nothing is silently dropped and nothing silently revived; restore first.
 * 4. A write into a purged session starts it afresh: active,
 *    and free to bind to a new project (the old content is gone).
 * 5. SoftDelete needs an active session and opens a window of retention_ms;
 *    anything else is not found (a 404, as for another user's session).
 * 6. Restore needs a soft-deleted session with now < purge_after; an active,
 *    new or purged session, or an elapsed window, is not found (spec: 404).
 * 7. Purge emits only for a soft-deleted session whose window has elapsed
 *    (now >= purge_after) and otherwise nothing, so the purge job can retry.
 *    Restore and purge split time at purge_after: exactly one of them applies.
 */

/** The types a session stream holds; a stored event of another type is refused on load. */
export const sessionEventTypes = ['RoundIngested', 'GeneratedStatementRecorded', 'SessionSoftDeleted', 'SessionRestored', 'SessionPurged'] as const;
export type SessionEvent = EventOf<(typeof sessionEventTypes)[number]>;

interface Addressed {
  user_id: string;
  session_id: string;
  now: Date;
}

interface Write extends Addressed {
  project_id: string | null;
  user_message: string;
  assistant_message: string;
}

export type IngestRound = Write & {
  type: 'IngestRound';
  round_id: string;
  client_timestamp: string | null;
  response_time_ms: number | null;
};
export type RecordGeneratedStatement = Write & { type: 'RecordGeneratedStatement'; record_id: string };
export type SoftDeleteSession = Addressed & { type: 'SoftDeleteSession'; retention_ms: number; reason: 'delete' | 'clear_all' };
export type RestoreSession = Addressed & { type: 'RestoreSession' };
export type PurgeSession = Addressed & { type: 'PurgeSession' };

export type SessionCommand = IngestRound | RecordGeneratedStatement | SoftDeleteSession | RestoreSession | PurgeSession;

export type SessionStatus = 'new' | 'active' | 'soft_deleted' | 'purged';

export interface SessionState {
  status: SessionStatus;
  project_id: string | null;
  /** Set only while soft-deleted. */
  purge_after: string | null;
}

const initialState = (): SessionState => ({
  status: 'new',
  project_id: null,
  purge_after: null,
});

function decideWrite(command: IngestRound | RecordGeneratedStatement, state: SessionState): SessionEvent[] {
  const { user_id, session_id, user_message, assistant_message } = command;
  if (state.status === 'soft_deleted') {
    throw new ConflictError('session_deleted', `session ${session_id} is deleted; restore it before writing to it`);
  }
  // New and purged sessions carry no binding (see evolve), so a restarted session may bind anew.
  const bound = state.project_id;
  if (bound !== null && command.project_id !== null && command.project_id !== bound) {
    throw new ConflictError('project_mismatch', `session ${session_id} belongs to project ${bound}, not ${command.project_id}`);
  }
  const project_id = bound ?? command.project_id;
  if (command.type === 'IngestRound') {
    const { round_id, client_timestamp, response_time_ms } = command;
    const occurred_at = parseClientTimestamp(client_timestamp, command.now);
    return [
      event('RoundIngested', {
        user_id, session_id, project_id, round_id, user_message, assistant_message,
        client_timestamp, occurred_at, response_time_ms, ingested_at: command.now.toISOString(),
      }),
    ];
  }
  return [
    event('GeneratedStatementRecorded', {
      user_id, session_id, project_id, record_id: command.record_id, user_message, assistant_message,
      recorded_at: command.now.toISOString(),
    }),
  ];
}

const windowOpen = (state: SessionState, now: Date) =>
  state.status === 'soft_deleted' && state.purge_after !== null && now.getTime() < Date.parse(state.purge_after);

export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState,
  // A write leaves the session active with the binding its event carries (rule 2 writes the bound project into it),
  // and a purge leaves nothing: a long session is loaded from its newest write, not its first round.
  startsOverAt: ['RoundIngested', 'GeneratedStatementRecorded', 'SessionPurged'],

  decide(command, state) {
    const { user_id, session_id, now } = command;
    switch (command.type) {
      case 'IngestRound':
      case 'RecordGeneratedStatement':
        return decideWrite(command, state);
      case 'SoftDeleteSession': {
        if (state.status !== 'active') throw new NotFoundError(`session ${session_id} not found`);
        const purge_after = new Date(now.getTime() + command.retention_ms).toISOString();
        return [event('SessionSoftDeleted', { user_id, session_id, deleted_at: now.toISOString(), purge_after, reason: command.reason })];
      }
      case 'RestoreSession':
        if (!windowOpen(state, now)) throw new NotFoundError(`session ${session_id} not found`);
        return [event('SessionRestored', { user_id, session_id, restored_at: now.toISOString() })];
      case 'PurgeSession':
        if (state.status !== 'soft_deleted' || windowOpen(state, now)) return [];
        return [event('SessionPurged', { user_id, session_id, purged_at: now.toISOString() })];
    }
  },

  evolve(state, e) {
    switch (e.type) {
      case 'RoundIngested':
      case 'GeneratedStatementRecorded': {
        // 'new' and 'purged' start from nothing; see rule 4.
        const base = state.status === 'new' || state.status === 'purged' ? initialState() : state;
        return { ...base, status: 'active', purge_after: null, project_id: base.project_id ?? e.data.project_id };
      }
      case 'SessionSoftDeleted':
        return { ...state, status: 'soft_deleted', purge_after: e.data.purge_after };
      case 'SessionRestored':
        return { ...state, status: 'active', purge_after: null };
      case 'SessionPurged':
        return { ...initialState(), status: 'purged' };
    }
  },
};
