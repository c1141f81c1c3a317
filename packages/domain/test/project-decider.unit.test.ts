import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DeciderSpecification,
  NotFoundError,
  event,
  normalizeProjectName,
  projectDecider,
  type ProjectCommand,
} from '../src/index.js';
import { validating } from './validating.js';

const spec = DeciderSpecification.for(validating(projectDecider));
const now = new Date('2026-11-23T10:00:00.000Z');
const later = new Date('2026-11-24T10:00:00.000Z');

const create = (name: string): ProjectCommand => ({ type: 'CreateProject', user_id: 'u1', project_id: 'p1', name, now });
const rename = (name: string): ProjectCommand => ({ type: 'RenameProject', user_id: 'u1', project_id: 'p1', name, now: later });
const created = (name = 'Alpha') => event('ProjectCreated', { user_id: 'u1', project_id: 'p1', name, created_at: now.toISOString() });
const renamed = (name: string) => event('ProjectRenamed', { user_id: 'u1', project_id: 'p1', name, renamed_at: later.toISOString() });

describe('project decider', () => {
  it('creates a project with its normalised name', () => spec.given([]).when(create('  Alpha \n')).then([created('Alpha')]));

  it('refuses to create a project that exists', () =>
    spec.given([created()]).when(create('Alpha')).thenThrows(ConflictError, (e) => e.code === 'already_exists'));

  it('renames an existing project, normalising the new name', () =>
    spec.given([created()]).when(rename(' Beta ')).then([renamed('Beta')]));

  it('renames again after a rename', () =>
    spec.given([created(), renamed('Beta')]).when(rename('Gamma')).then([renamed('Gamma')]));

  it('appends nothing for a rename to the current name, even spelt with spaces', () => {
    spec.given([created()]).when(rename('Alpha')).thenNothing();
    spec.given([created()]).when(rename('  Alpha  ')).thenNothing();
    spec.given([created(), renamed('Beta')]).when(rename('Beta')).thenNothing();
  });

  it('compares names after cutting, so a longer spelling of the stored name is a no-op', () =>
    spec.given([created('x'.repeat(100))]).when(rename('x'.repeat(150))).thenNothing());

  it('treats a case change as a rename', () => spec.given([created()]).when(rename('alpha')).then([renamed('alpha')]));

  it('answers not found when renaming a missing project', () =>
    spec.given([]).when(rename('Beta')).thenThrows(NotFoundError, (e) => e.code === 'not_found'));
});

describe('normalizeProjectName', () => {
  it('trims leading and trailing whitespace, keeping inner spaces', () => {
    expect(normalizeProjectName('  a  b  ')).toBe('a  b');
    expect(normalizeProjectName('\t\n\u00A0name\u3000')).toBe('name');
  });

  it('cuts a 150-character name to its first 100 characters', () => {
    const name = Array.from({ length: 150 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    expect(normalizeProjectName(name)).toBe(name.slice(0, 100));
  });

  it('trims before cutting, so leading spaces do not use up the 100', () => {
    expect(normalizeProjectName(`${' '.repeat(20)}${'y'.repeat(100)}  `)).toBe('y'.repeat(100));
  });

  it('may keep a space that the cut exposes (trim, then cut, as written)', () => {
    expect(normalizeProjectName(`${'a'.repeat(99)} bcd`)).toBe(`${'a'.repeat(99)} `);
  });

  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    const name = normalizeProjectName('😀'.repeat(120));
    expect(Array.from(name)).toHaveLength(100);
    expect(name).toBe('😀'.repeat(100));
  });

  it('keeps a mix of multi-byte characters whole at the boundary', () => {
    const name = normalizeProjectName(`${'é'.repeat(99)}𝄞漢`);
    expect(name).toBe(`${'é'.repeat(99)}𝄞`);
    expect(() => encodeURIComponent(name)).not.toThrow(); // no lone surrogate left behind
  });

  it('leaves a short name alone and an all-space name empty (the API rejects it)', () => {
    expect(normalizeProjectName('Projekt Ä')).toBe('Projekt Ä');
    expect(normalizeProjectName('   ')).toBe('');
  });
});
