import { z } from '../zod.js';
import { laxInt } from '../fields.js';
import { Id, NullableId } from './common.js';
import { LIMITS } from './limits.js';

const message = z.string().max(LIMITS.messageLength);

export const IngestRequest = z
  .object({
    user_message: message.min(1),
    assistant_message: message.default(''),
    session_id: Id,
    project_id: NullableId.optional(),
    timestamp: z.string().max(LIMITS.timestampLength).nullable().optional(),
    response_time_ms: laxInt({ ge: 0 }).nullable().optional(),
  })
  .openapi('IngestRequest');

export const IngestResponse = z
  .object({ records_written: z.number().int(), round_id: z.string(), status: z.string() })
  .openapi('IngestResponse');

export const GeneratedRequest = z
  .object({
    user_message: message.default(''),
    assistant_message: message.min(1),
    session_id: Id,
    project_id: NullableId.optional(),
  })
  .openapi('GeneratedStatementRequest');

export const GeneratedResponse = z
  .object({ provenance: z.string(), records_written: z.number().int(), status: z.string(), record_id: z.string() })
  .openapi('GeneratedStatementResponse');
