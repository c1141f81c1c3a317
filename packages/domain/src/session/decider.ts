import { ConflictError, NotFoundError, type Decider } from '../decider.js';
import { event, type EventOf } from '../events/index.js';

export type SessionEvent =
  | EventOf<'RoundIngested'>
  | EventOf<'GeneratedStatementRecorded'>
  | EventOf<'SessionSoftDeleted'>
  | EventOf<'SessionRestored'>
  | EventOf<'SessionPurged'>;

interface WriteFields {
  user_id: string;
  session_id: string;
  project_id: string | null;
  user_message: string;
  assistant_message: string;
  now: Date;
}

export type SessionCommand =
  | (WriteFields & { type: 'IngestRound'; round_id: string; client_timestamp: string | null; response_time_ms: number | null })
  | (WriteFields & { type: 'RecordGeneratedStatement'; record_id: string })
  | { type: 'SoftDeleteSession'; user_id: string; session_id: string; now: Date; retention_ms: number; reason: 'delete' | 'clear_all' }
  | { type: 'RestoreSession'; user_id: string; session_id: string; now: Date }
  | { type: 'PurgeSession'; user_id: string; session_id: string; now: Date };

export type SessionStatus = 'new' | 'active' | 'soft_deleted' | 'purged';

export interface SessionState {
  status: SessionStatus;
  project_id: string | null;
  purge_after: string | null;
  rounds: number;
}

const initialState = (): SessionState => ({ status: 'new', project_id: null, purge_after: null, rounds: 0 });

/*
 * Our rules (docs/decisions.md):
 * - a session comes to exist with the first round or generated statement naming it;
 * - the first write naming a project binds the session to it; a later write naming
 *   another project is a conflict; a write naming none inherits the binding;
 * - a write into a soft-deleted session is a conflict (restore first): nothing is
 *   silently dropped or silently revived;
 * - a write into a purged session starts it afresh;
 * - delete, restore and purge follow the spec's states table; purging is
 *   idempotent (no events when not due) so the purge job can run anywhere.
 */
function decideWrite(command: Extract<SessionCommand, WriteFields>, state: SessionState): SessionEvent[] {
  if (state.status === 'soft_deleted') {
    throw new ConflictError('session_deleted', `session ${command.session_id} is deleted; restore it before writing to it`);
  }
  const bound = state.status === 'active' ? state.project_id : null;
  if (bound && command.project_id && command.project_id !== bound) {
    throw new ConflictError('project_mismatch', `session ${command.session_id} belongs to project ${bound}, not ${command.project_id}`);
  }
  const project_id = bound ?? command.project_id;
  const base = { user_id: command.user_id, session_id: command.session_id, project_id };
  if (command.type === 'IngestRound') {
    return [
      event('RoundIngested', {
        ...base,
        round_id: command.round_id,
        user_message: command.user_message,
        assistant_message: command.assistant_message,
        client_timestamp: command.client_timestamp,
        response_time_ms: command.response_time_ms,
        ingested_at: command.now.toISOString(),
      }),
    ];
  }
  return [
    event('GeneratedStatementRecorded', {
      ...base,
      record_id: command.record_id,
      user_message: command.user_message,
      assistant_message: command.assistant_message,
      recorded_at: command.now.toISOString(),
    }),
  ];
}

export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState,

  decide(command, state) {
    const notFound = () => new NotFoundError(`session ${command.session_id} not found`);
    switch (command.type) {
      case 'IngestRound':
      case 'RecordGeneratedStatement':
        return decideWrite(command, state);
      case 'SoftDeleteSession': {
        if (state.status !== 'active') throw notFound();
        const purgeAfter = new Date(command.now.getTime() + command.retention_ms);
        return [
          event('SessionSoftDeleted', {
            user_id: command.user_id,
            session_id: command.session_id,
            deleted_at: command.now.toISOString(),
            purge_after: purgeAfter.toISOString(),
            reason: command.reason,
          }),
        ];
      }
      case 'RestoreSession':
        if (state.status !== 'soft_deleted' || command.now.getTime() >= Date.parse(state.purge_after!)) throw notFound();
        return [event('SessionRestored', { user_id: command.user_id, session_id: command.session_id, restored_at: command.now.toISOString() })];
      case 'PurgeSession':
        if (state.status !== 'soft_deleted' || command.now.getTime() < Date.parse(state.purge_after!)) return [];
        return [event('SessionPurged', { user_id: command.user_id, session_id: command.session_id, purged_at: command.now.toISOString() })];
    }
  },

  evolve(state, e) {
    switch (e.type) {
      case 'RoundIngested':
      case 'GeneratedStatementRecorded': {
        const fresh = state.status === 'purged' || state.status === 'new';
        return {
          status: 'active',
          project_id: (fresh ? null : state.project_id) ?? e.data.project_id,
          purge_after: null,
          rounds: (fresh ? 0 : state.rounds) + (e.type === 'RoundIngested' ? 1 : 0),
        };
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
