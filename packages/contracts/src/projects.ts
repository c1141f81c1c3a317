import { z } from 'zod';
import { count, identifier, timestamp } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { PROVENANCES } from './vocabulary.js';

export const MAX_PROJECT_NAME_LENGTH = 100;

// Truncated by code point so a name is never cut inside a surrogate pair.
const truncate = (text: string) => Array.from(text).slice(0, MAX_PROJECT_NAME_LENGTH).join('');

/** Trimmed, then required to be non-empty, then cut to 100 characters (the spec truncates rather than rejects). */
export const ProjectName = z
  .string()
  .trim()
  .min(1)
  .overwrite(truncate)
  .meta({ description: `Trimmed; longer names are truncated to ${MAX_PROJECT_NAME_LENGTH} characters.` });

export const ProjectParams = z.object({ project_id: identifier('Project') });

export const CreateProjectRequest = z.object({ name: ProjectName }).meta({ id: 'CreateProjectRequest' });
export const RenameProjectRequest = z.object({ name: ProjectName }).meta({ id: 'RenameProjectRequest' });

export const ProjectSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: timestamp('Creation time'),
    updated_at: timestamp('Last change'),
    session_count: count('Sessions in the project.').default(0),
    source_count: count('Active sources in the project.').default(0),
  })
  .meta({ id: 'ProjectSummary' });

export const ProjectSource = z
  .object({
    id: z.string(),
    external_id: z.string(),
    title: z.string(),
    source_type: z.string(),
    provenance: z.enum(PROVENANCES),
    ingest_status: z.string(),
    chunk_count: count('Chunks stored from the source.'),
    created_at: timestamp('Creation time'),
    updated_at: timestamp('Last change'),
  })
  .meta({ id: 'ProjectSource' });

export const ProjectSourcesResponse = z
  .object({ sources: z.array(ProjectSource), total: count('Number of active sources.') })
  .meta({ id: 'ProjectSourcesResponse' });

export const createProject = defineEndpoint({
  method: 'post',
  path: '/api/v1/projects',
  operationId: 'createProject',
  summary: 'Create a project for the caller',
  tags: ['projects'],
  security: 'apiKey',
  request: { body: CreateProjectRequest },
  response: { status: 200, description: 'The new project.', schema: ProjectSummary },
  errors: [401],
});

export const renameProject = defineEndpoint({
  method: 'patch',
  path: '/api/v1/projects/{project_id}',
  operationId: 'renameProject',
  summary: 'Rename a project',
  tags: ['projects'],
  security: 'apiKey',
  request: { params: ProjectParams, body: RenameProjectRequest },
  response: { status: 200, description: 'The renamed project.', schema: ProjectSummary },
  errors: [401, 404],
});

export const listProjectSources = defineEndpoint({
  method: 'get',
  path: '/api/v1/projects/{project_id}/sources',
  operationId: 'listProjectSources',
  summary: 'List the active sources of a project, newest first',
  tags: ['projects'],
  security: 'apiKey',
  request: { params: ProjectParams },
  response: { status: 200, description: 'The sources.', schema: ProjectSourcesResponse },
  errors: [401, 404],
});

export const projectEndpoints = [createProject, renameProject, listProjectSources] as const;
