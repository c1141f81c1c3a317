import { z } from 'zod';

/*
 * Stored events are versioned JSON validated by these schemas. Ids are opaque
 * strings; timestamps are ISO-8601 UTC strings. Every event carries user_id so
 * any consumer (projections, Kafka) can scope it without parsing stream ids.
 */
const id = z.string().min(1);
const timestamp = z.iso.datetime({ offset: true });

export const ProjectCreated = z.object({ user_id: id, project_id: id, name: z.string(), created_at: timestamp });
export const ProjectRenamed = z.object({ user_id: id, project_id: id, name: z.string(), renamed_at: timestamp });

export const RoundIngested = z.object({
  user_id: id,
  session_id: id,
  project_id: id.nullable(),
  round_id: id,
  user_message: z.string(),
  assistant_message: z.string(),
  client_timestamp: z.string().nullable(),
  response_time_ms: z.number().int().nullable(),
  ingested_at: timestamp,
});
export const GeneratedStatementRecorded = z.object({
  user_id: id,
  session_id: id,
  project_id: id.nullable(),
  record_id: id,
  user_message: z.string(),
  assistant_message: z.string(),
  recorded_at: timestamp,
});
export const SessionSoftDeleted = z.object({
  user_id: id,
  session_id: id,
  deleted_at: timestamp,
  purge_after: timestamp,
  reason: z.enum(['delete', 'clear_all']),
});
export const SessionRestored = z.object({ user_id: id, session_id: id, restored_at: timestamp });
export const SessionPurged = z.object({ user_id: id, session_id: id, purged_at: timestamp });

export const DocumentIngestRequested = z.object({
  user_id: id,
  source_id: id,
  project_id: id.nullable(),
  session_id: id,
  connector_type: id,
  external_id: z.string(),
  domain: z.string().nullable(),
  requested_at: timestamp,
});
export const DocumentIngested = z.object({
  user_id: id,
  source_id: id,
  project_id: id.nullable(),
  title: z.string(),
  mime_type: z.string(),
  source_url: z.string().nullable(),
  chunks: z.array(z.object({ chunk_id: id, index: z.number().int(), text: z.string(), token_count: z.number().int() })),
  content_hash: z.string(),
  ingested_at: timestamp,
});
export const DocumentIngestFailed = z.object({ user_id: id, source_id: id, reason: z.string(), failed_at: timestamp });

export const SipBuilt = z.object({
  user_id: id,
  build_id: id,
  project_id: id.nullable(),
  session_id: id.nullable(),
  query: z.string().nullable(),
  records_used: z.number().int(),
  record_ids: z.array(id),
  sip_text: z.string(),
  tokens_sip: z.number().int(),
  tokens_baseline: z.number().int(),
  grounded: z.boolean(),
  abstain: z.boolean(),
  built_at: timestamp,
});

export const eventSchemas = {
  ProjectCreated,
  ProjectRenamed,
  RoundIngested,
  GeneratedStatementRecorded,
  SessionSoftDeleted,
  SessionRestored,
  SessionPurged,
  DocumentIngestRequested,
  DocumentIngested,
  DocumentIngestFailed,
  SipBuilt,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** Bumped per type when its data changes shape; readers upcast older versions. */
export const SCHEMA_VERSION = 1;
