import { z } from 'zod';
import { identifier, MAX_QUERY_LENGTH, timestamp } from './common.js';
import { PageCursor, PageLimit, nextCursorField } from './browse.js';
import { defineEndpoint } from './endpoint.js';
import { PROVENANCES, RECORD_TYPES } from './vocabulary.js';

export const RecordListQuery = z.object({
  project_id: identifier('Project').optional().meta({ description: 'Only the records of this project.' }),
  session_id: identifier('Session').optional().meta({ description: 'Only the records of this session.' }),
  provenance: z.enum(PROVENANCES).optional(),
  query: z.string().min(1).max(MAX_QUERY_LENGTH).optional().meta({
    description: 'Rank by the SIP\'s hybrid retrieval (vectors, full text, recency) instead of listing newest first; one page, no cursor.',
  }),
  limit: PageLimit,
  cursor: PageCursor,
});

export const BrowsedRecord = z
  .object({
    id: z.string(),
    session_id: z.string().nullable(),
    project_id: z.string().nullable(),
    provenance: z.enum(PROVENANCES),
    record_type: z.enum(RECORD_TYPES),
    sip_eligible: z.boolean(),
    summary: z.string(),
    content: z.string(),
    source: z.object({ id: z.string(), title: z.string().nullable() }).nullable().meta({ description: 'The project source a DOCUMENT_VERIFIED record came from.' }),
    created_at: timestamp('When the record was made (a round\'s own timestamp when it had one)'),
    embedded: z.boolean().meta({ description: 'Whether the record has its embedding yet.' }),
    score: z.number().nullable().meta({ description: 'Fused retrieval score with a query; null without.' }),
  })
  .meta({ id: 'BrowsedRecord' });

export const RecordListResponse = z
  .object({ records: z.array(BrowsedRecord), next_cursor: nextCursorField })
  .meta({ id: 'RecordListResponse' });

export const listRecords = defineEndpoint({
  method: 'get',
  path: '/api/v1/memory/records',
  operationId: 'listRecords',
  summary: "Browse or search the caller's memory records",
  description: 'Records of soft-deleted sessions are not listed. A project or session that is not the caller\'s answers 404.',
  tags: ['memory'],
  security: 'apiKey',
  request: { query: RecordListQuery },
  response: { status: 200, description: 'One page of records.', schema: RecordListResponse },
  errors: [401, 404],
});
