import { z } from 'zod';
import { count, defineEvent, id, timestamp } from './fields.js';

/*
 * Source stream: one connector document (per user, project and external id),
 * from request to outcome, for every version. request_id ties an outcome to the
 * request it answers, so a late outcome of a superseded request is dropped.
 */

export const DocumentIngestRequested = defineEvent('DocumentIngestRequested', {
  user_id: id,
  source_id: id,
  request_id: id,
  project_id: id.nullable(),
  session_id: id,
  connector_type: id,
  external_id: id,
  domain: z.string().nullable(),
  requested_at: timestamp,
});
export type DocumentIngestRequested = z.infer<typeof DocumentIngestRequested>;

export const DocumentChunk = z.object({
  chunk_id: id,
  index: count,
  text: z.string(),
  token_count: count,
});
export type DocumentChunk = z.infer<typeof DocumentChunk>;

export const DocumentIngested = defineEvent('DocumentIngested', {
  user_id: id,
  source_id: id,
  request_id: id,
  project_id: id.nullable(),
  title: z.string(),
  mime_type: z.string(),
  source_url: z.string().nullable(),
  chunks: z.array(DocumentChunk),
  content_hash: z.string(),
  ingested_at: timestamp,
});
export type DocumentIngested = z.infer<typeof DocumentIngested>;

export const DocumentIngestFailed = defineEvent('DocumentIngestFailed', {
  user_id: id,
  source_id: id,
  request_id: id,
  project_id: id.nullable(),
  reason: z.string(),
  failed_at: timestamp,
});
export type DocumentIngestFailed = z.infer<typeof DocumentIngestFailed>;
