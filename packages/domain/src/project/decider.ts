import { ConflictError, NotFoundError, type Decider } from '../decider.js';
import { event, type EventOf } from '../events/index.js';

export const PROJECT_NAME_MAX_LENGTH = 100;

/** The spec's "trimmed to 100 characters": surrounding whitespace goes, then the name is cut to 100 code points. */
export function normalizeProjectName(name: string): string {
  return Array.from(name.trim()).slice(0, PROJECT_NAME_MAX_LENGTH).join('');
}

export type ProjectEvent = EventOf<'ProjectCreated'> | EventOf<'ProjectRenamed'>;

export type ProjectCommand =
  | { type: 'CreateProject'; user_id: string; project_id: string; name: string; now: Date }
  | { type: 'RenameProject'; user_id: string; project_id: string; name: string; now: Date };

export type ProjectState = { status: 'new' } | { status: 'exists'; name: string };

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = {
  initialState: () => ({ status: 'new' }),

  decide(command, state) {
    const name = normalizeProjectName(command.name);
    if (command.type === 'CreateProject') {
      if (state.status === 'exists') throw new ConflictError('already_exists', `project ${command.project_id} already exists`);
      return [event('ProjectCreated', { user_id: command.user_id, project_id: command.project_id, name, created_at: command.now.toISOString() })];
    }
    if (state.status === 'new') throw new NotFoundError(`project ${command.project_id} not found`);
    if (state.name === name) return [];
    return [event('ProjectRenamed', { user_id: command.user_id, project_id: command.project_id, name, renamed_at: command.now.toISOString() })];
  },

  evolve(_state, e) {
    return { status: 'exists', name: e.data.name };
  },
};
