import { z } from 'zod';
import { identifier } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ProjectSummary } from './projects.js';
import { SessionSummary } from './sessions.js';
import { queryBool, queryInt } from './validation/lax.js';

/**
 * Browsing: additions to the interface spec (docs/decisions.md, "Browsing, export, MCP").
 * Pages are keyset pages: a cursor is the opaque position after the last item of a page.
 */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_CURSOR_LENGTH = 600;

export const PageLimit = queryInt({ ge: 1 })
  .transform((limit) => Math.min(limit, MAX_PAGE_SIZE))
  .default(DEFAULT_PAGE_SIZE)
  .meta({ description: `Items per page: at least 1; values above ${MAX_PAGE_SIZE} are capped at ${MAX_PAGE_SIZE}.` });

/** base64url only, so a cursor never needs escaping and a tampered one fails validation (422), not the query. */
export const PageCursor = z
  .string()
  .min(1)
  .max(MAX_CURSOR_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/)
  .optional()
  .meta({ description: 'The next_cursor of the previous page; leave out for the first page.' });

export const nextCursorField = z
  .string()
  .nullable()
  .meta({ description: 'Pass as cursor to get the next page; null on the last page.' });

export const ProjectListQuery = z.object({ limit: PageLimit, cursor: PageCursor });

export const ProjectListResponse = z
  .object({ projects: z.array(ProjectSummary), next_cursor: nextCursorField })
  .meta({ id: 'ProjectListResponse' });

export const SessionListQuery = z.object({
  project_id: identifier('Project').optional().meta({ description: 'Only the sessions of this project.' }),
  include_deleted: queryBool().default(false).meta({ description: 'Also list soft-deleted sessions that are not purged yet.' }),
  limit: PageLimit,
  cursor: PageCursor,
});

export const BrowsedSession = SessionSummary.extend({
  deleted_at: z.string().nullable().meta({ description: 'When the session was soft-deleted; null while it is live.' }),
}).meta({ id: 'BrowsedSession' });

export const SessionListResponse = z
  .object({ sessions: z.array(BrowsedSession), next_cursor: nextCursorField })
  .meta({ id: 'SessionListResponse' });

export const listProjects = defineEndpoint({
  method: 'get',
  path: '/api/v1/projects',
  operationId: 'listProjects',
  summary: "List the caller's projects, ordered by id",
  tags: ['projects'],
  security: 'apiKey',
  request: { query: ProjectListQuery },
  response: { status: 200, description: 'One page of projects.', schema: ProjectListResponse },
  errors: [401],
});

export const listSessions = defineEndpoint({
  method: 'get',
  path: '/api/v1/sessions',
  operationId: 'listSessions',
  summary: "List the caller's sessions, ordered by id",
  description: 'A project that is not the caller\'s answers 404.',
  tags: ['sessions'],
  security: 'apiKey',
  request: { query: SessionListQuery },
  response: { status: 200, description: 'One page of sessions.', schema: SessionListResponse },
  errors: [401, 404],
});

export const browseEndpoints = [listProjects, listSessions] as const;
