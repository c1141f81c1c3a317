import { z } from 'zod';
import { count, identifier, MAX_MESSAGE_LENGTH } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { laxInt } from './validation/lax.js';

const message = (what: string) => z.string().max(MAX_MESSAGE_LENGTH).meta({ description: `${what} (at most ${MAX_MESSAGE_LENGTH} characters)` });

export const MemoryIngestRequest = z
  .object({
    user_message: message('The user side of the round').min(1),
    assistant_message: message('The assistant side of the round; may be empty'),
    session_id: identifier('Session'),
    project_id: identifier('Project').nullable().default(null).meta({ description: 'Scopes the round to a workspace.' }),
    timestamp: z.string().max(64).nullable().default(null).meta({ description: 'When the round happened, as the client records it.' }),
    response_time_ms: laxInt({ ge: 0 }).nullable().default(null),
  })
  .meta({ id: 'MemoryIngestRequest' });

export const MemoryIngestResponse = z
  .object({
    records_written: count('Records written.'),
    round_id: z.string(),
    status: z.string(),
  })
  .meta({ id: 'MemoryIngestResponse' });

export const GeneratedStatementRequest = z
  .object({
    user_message: message('The user message the statement answered').nullable().default(null),
    assistant_message: message('The unconfirmed assistant statement to record').min(1),
    session_id: identifier('Session'),
  })
  .meta({ id: 'GeneratedStatementRequest' });

export const GeneratedStatementResponse = z
  .object({
    provenance: z.string(),
    records_written: count('Records written.'),
    status: z.string(),
    record_id: z.string().optional(),
  })
  .meta({ id: 'GeneratedStatementResponse' });

export const ingestRound = defineEndpoint({
  method: 'post',
  path: '/api/v1/memory/ingest',
  operationId: 'ingestRound',
  summary: 'Store one user and assistant turn as a ROUND record',
  description: 'Counts against the daily ingest quota.',
  tags: ['memory'],
  security: 'apiKey',
  request: { body: MemoryIngestRequest },
  response: { status: 200, description: 'The round was stored.', schema: MemoryIngestResponse },
  errors: [401, 409, 413, 429],
});

export const recordGeneratedStatement = defineEndpoint({
  method: 'post',
  path: '/api/v1/memory/generated',
  operationId: 'recordGeneratedStatement',
  summary: 'Store an unconfirmed assistant statement as an AI_GENERATED record',
  description: 'Counts against the daily ingest quota.',
  tags: ['memory'],
  security: 'apiKey',
  request: { body: GeneratedStatementRequest },
  response: { status: 200, description: 'The statement was stored.', schema: GeneratedStatementResponse },
  errors: [401, 409, 413, 429],
});

export const memoryEndpoints = [ingestRound, recordGeneratedStatement] as const;
