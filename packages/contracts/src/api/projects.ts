import { z } from '../zod.js';
import { nonBlank } from '../fields.js';
import { LIMITS } from './limits.js';

export const CreateProjectRequest = z.object({ name: nonBlank(LIMITS.projectNameInput) }).openapi('CreateProjectRequest');
export const RenameProjectRequest = z.object({ name: nonBlank(LIMITS.projectNameInput) }).openapi('RenameProjectRequest');

export const ProjectSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    session_count: z.number().int(),
    source_count: z.number().int(),
  })
  .openapi('ProjectSummary');

export const ProjectSource = z
  .object({
    id: z.string(),
    external_id: z.string(),
    title: z.string(),
    source_type: z.string(),
    provenance: z.string(),
    ingest_status: z.string(),
    chunk_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('ProjectSource');

export const ProjectSourcesResponse = z.object({ sources: z.array(ProjectSource), total: z.number().int() }).openapi('ProjectSourcesResponse');
