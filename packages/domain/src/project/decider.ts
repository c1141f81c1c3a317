import { ConflictError, NotFoundError, type Decider } from '../decider.js';
import { event, type EventOf } from '../events/index.js';

export const PROJECT_NAME_MAX_LENGTH = 100;

/**
 * The spec's "trimmed to 100 characters": surrounding whitespace goes first,
 * then the name is cut to 100 code points (as Python's `name.strip()[:100]`
 * would), so a character outside the BMP is never split in half. The cut may
 * leave a trailing space; that is the rule as written. Emptiness is the API's
 * to reject.
 */
export function normalizeProjectName(name: string): string {
  return Array.from(name.trim()).slice(0, PROJECT_NAME_MAX_LENGTH).join('');
}

/** The types a project stream holds; a stored event of another type is refused on load. */
export const projectEventTypes = ['ProjectCreated', 'ProjectRenamed'] as const;
export type ProjectEvent = EventOf<(typeof projectEventTypes)[number]>;

export type CreateProject = { type: 'CreateProject'; user_id: string; project_id: string; name: string; now: Date };
export type RenameProject = { type: 'RenameProject'; user_id: string; project_id: string; name: string; now: Date };
export type ProjectCommand = CreateProject | RenameProject;

export type ProjectState = { status: 'new' } | { status: 'exists'; name: string };

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = {
  initialState: () => ({ status: 'new' }),

  decide(command, state) {
    const name = normalizeProjectName(command.name);
    const { user_id, project_id } = command;
    switch (command.type) {
      case 'CreateProject':
        // A second create of the same id is a replayed request or a bug; never quietly turn it into a rename.
        if (state.status === 'exists') throw new ConflictError('already_exists', `project ${project_id} already exists`);
        return [event('ProjectCreated', { user_id, project_id, name, created_at: command.now.toISOString() })];
      case 'RenameProject':
        if (state.status === 'new') throw new NotFoundError(`project ${project_id} not found`);
        // Same name after normalisation: already done, so a retried rename appends nothing.
        if (state.name === name) return [];
        return [event('ProjectRenamed', { user_id, project_id, name, renamed_at: command.now.toISOString() })];
    }
  },

  evolve(_state, e) {
    return { status: 'exists', name: e.data.name };
  },
};
