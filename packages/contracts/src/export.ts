import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const EXPORT_MEDIA_TYPE = 'application/x-ndjson';

const ExportCounts = z.object({ projects: z.int(), sessions: z.int(), messages: z.int(), records: z.int(), sources: z.int() });

/** One line of an export. Every line but the first and last is a resource as the browse endpoints show it, plus `type`. */
export const ExportLine = z
  .object({
    type: z.enum(['header', 'project', 'session', 'message', 'record', 'source', 'end']),
    format: z.literal('memctx-export').optional().meta({ description: 'header only' }),
    version: z.literal(1).optional().meta({ description: 'header only' }),
    counts: ExportCounts.optional().meta({ description: 'end only: lines of each kind; a file without it was cut off.' }),
  })
  .catchall(z.unknown())
  .meta({ id: 'ExportLine' });

export const exportMemory = defineEndpoint({
  method: 'get',
  path: '/api/v1/export',
  operationId: 'exportMemory',
  summary: 'Everything of the caller as JSON Lines',
  description:
    'A header line, then projects, sessions (soft-deleted too), messages, records and sources, then an `end` line with the counts. `memctx import <file>` restores it into another memctx through the API.',
  tags: ['export'],
  security: 'apiKey',
  request: {},
  response: { status: 200, description: 'The export, streamed.', schema: ExportLine, mediaType: EXPORT_MEDIA_TYPE },
  errors: [401],
});

export const exportEndpoints = [exportMemory] as const;
