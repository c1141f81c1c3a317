import { z } from 'zod';
import { count, identifier, timestamp } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { queryInt } from './validation/lax.js';

export const MAX_MESSAGES_PER_PAGE = 200;
export const DEFAULT_MESSAGES_PER_PAGE = 50;

export const SessionParams = z.object({ session_id: identifier('Session') });

export const SessionMessagesQuery = z.object({
  limit: queryInt({ ge: 1 })
    .transform((limit) => Math.min(limit, MAX_MESSAGES_PER_PAGE))
    .default(DEFAULT_MESSAGES_PER_PAGE)
    .meta({ description: `At least 1; values above ${MAX_MESSAGES_PER_PAGE} are capped at ${MAX_MESSAGES_PER_PAGE}.` }),
  offset: queryInt({ ge: 0 }).default(0),
});

export const SessionMessage = z
  .object({
    id: z.string(),
    role: z.string(),
    content: z.string(),
    created_at: timestamp('When the turn was stored'),
    records_used: count('Memory records used for the turn.'),
    round_id: z.string(),
    sip_text: z.string(),
  })
  .meta({ id: 'SessionMessage' });

export const SessionMessagesResponse = z
  .object({
    messages: z.array(SessionMessage),
    session_id: z.string(),
    total: count('Turns in the session.'),
    user_id: z.string(),
  })
  .meta({ id: 'SessionMessagesResponse' });

export const SessionSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    created_at: timestamp('Creation time'),
    updated_at: timestamp('Last change'),
    last_message_preview: z.string(),
    message_count: count('Turns in the session.'),
    is_archived: z.boolean().default(false),
    project_id: z.string(),
  })
  .meta({ id: 'SessionSummary' });

export const ClearAllSessionsResponse = z
  .object({ cleared: count('Sessions soft-deleted.') })
  .meta({ id: 'ClearAllSessionsResponse' });

export const listSessionMessages = defineEndpoint({
  method: 'get',
  path: '/api/v1/sessions/{session_id}/messages',
  operationId: 'listSessionMessages',
  summary: "Return a session's turns, oldest first",
  tags: ['sessions'],
  security: 'apiKey',
  request: { params: SessionParams, query: SessionMessagesQuery },
  response: { status: 200, description: 'One page of the transcript.', schema: SessionMessagesResponse },
  errors: [401, 404],
});

export const deleteSession = defineEndpoint({
  method: 'delete',
  path: '/api/v1/sessions/{session_id}',
  operationId: 'deleteSession',
  summary: 'Soft-delete a session and its messages (restorable for 30 days)',
  tags: ['sessions'],
  security: 'apiKey',
  request: { params: SessionParams },
  response: { status: 204, description: 'Deleted.', schema: undefined },
  errors: [401, 404],
});

export const restoreSession = defineEndpoint({
  method: 'post',
  path: '/api/v1/sessions/{session_id}/restore',
  operationId: 'restoreSession',
  summary: 'Restore a soft-deleted session',
  description: 'Answers 404 when the session is not the caller\'s, is already active, or has been purged.',
  tags: ['sessions'],
  security: 'apiKey',
  request: { params: SessionParams },
  response: { status: 200, description: 'The restored session.', schema: SessionSummary },
  errors: [401, 404],
});

export const clearAllSessions = defineEndpoint({
  method: 'post',
  path: '/api/v1/sessions/clear-all',
  operationId: 'clearAllSessions',
  summary: 'Soft-delete every active session of the caller',
  tags: ['sessions'],
  security: 'apiKey',
  request: {},
  response: { status: 200, description: 'How many sessions were cleared.', schema: ClearAllSessionsResponse },
  errors: [401],
});

export const sessionEndpoints = [listSessionMessages, deleteSession, restoreSession, clearAllSessions] as const;
