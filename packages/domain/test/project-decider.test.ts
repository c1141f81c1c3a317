import { describe, expect, it } from 'vitest';
import { ConflictError, DeciderSpecification, NotFoundError, event, normalizeProjectName, projectDecider } from '@memctx/domain';

const spec = DeciderSpecification.for(projectDecider);
const now = new Date('2026-11-23T10:00:00.000Z');
const created = (name = 'Alpha') => event('ProjectCreated', { user_id: 'u1', project_id: 'p1', name, created_at: now.toISOString() });

describe('project decider', () => {
  it('creates a project with a normalised name', () =>
    spec.given([]).when({ type: 'CreateProject', user_id: 'u1', project_id: 'p1', name: '  Alpha ', now }).then([created()]));

  it('refuses to create a project twice', () =>
    spec.given([created()]).when({ type: 'CreateProject', user_id: 'u1', project_id: 'p1', name: 'B', now })
      .thenThrows(ConflictError, (e) => e.code === 'already_exists'));

  it('renames an existing project', () =>
    spec.given([created()]).when({ type: 'RenameProject', user_id: 'u1', project_id: 'p1', name: 'Beta', now })
      .then([event('ProjectRenamed', { user_id: 'u1', project_id: 'p1', name: 'Beta', renamed_at: now.toISOString() })]));

  it('treats a rename to the same name as done', () =>
    spec.given([created()]).when({ type: 'RenameProject', user_id: 'u1', project_id: 'p1', name: 'Alpha ', now }).thenNothing());

  it('answers not found when renaming a missing project', () =>
    spec.given([]).when({ type: 'RenameProject', user_id: 'u1', project_id: 'p1', name: 'X', now }).thenThrows(NotFoundError));
});

describe('normalizeProjectName', () => {
  it('trims whitespace and cuts to 100 characters', () => {
    expect(normalizeProjectName('x'.repeat(150))).toHaveLength(100);
    expect(normalizeProjectName('  a b  ')).toBe('a b');
  });
  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    const name = normalizeProjectName('😀'.repeat(120));
    expect(Array.from(name)).toHaveLength(100);
    expect(name.endsWith('😀')).toBe(true);
  });
});
