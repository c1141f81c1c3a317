import { z } from '../zod.js';
import { cappedInt, laxInt } from '../fields.js';
import { LIMITS } from './limits.js';

export const MessagesQuery = z.object({
  limit: cappedInt({ ge: 1, cap: LIMITS.messagesMaxLimit }).default(LIMITS.messagesDefaultLimit),
  offset: laxInt({ ge: 0 }).default(0),
});

export const SessionMessage = z
  .object({
    id: z.string(),
    role: z.string(),
    content: z.string(),
    created_at: z.string(),
    records_used: z.number().int(),
    round_id: z.string(),
    sip_text: z.string(),
  })
  .openapi('SessionMessage');

export const MessagesResponse = z
  .object({ messages: z.array(SessionMessage), session_id: z.string(), total: z.number().int(), user_id: z.string() })
  .openapi('SessionMessagesResponse');

export const SessionSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    last_message_preview: z.string(),
    message_count: z.number().int(),
    is_archived: z.boolean(),
    project_id: z.string(),
  })
  .openapi('SessionSummary');

export const ClearAllResponse = z.object({ cleared: z.number().int() }).openapi('ClearAllResponse');
