import { z } from 'zod';
import { count, defineEvent, id, timestamp } from './fields.js';

/*
 * Session stream. Writes carry the session's project binding as decided, not
 * as requested, so projections never need the session's history to place them.
 */

export const RoundIngested = defineEvent('RoundIngested', {
  user_id: id,
  session_id: id,
  project_id: id.nullable(),
  round_id: id,
  user_message: z.string(),
  assistant_message: z.string(),
  // The client's own clock, kept verbatim: the spec leaves its format open.
  client_timestamp: z.string().nullable(),
  // client_timestamp read as an instant when it is one; read models date the round by it, else by ingested_at.
  occurred_at: timestamp.nullable().optional(),
  response_time_ms: count.nullable(),
  ingested_at: timestamp,
});
export type RoundIngested = z.infer<typeof RoundIngested>;

export const GeneratedStatementRecorded = defineEvent('GeneratedStatementRecorded', {
  user_id: id,
  session_id: id,
  project_id: id.nullable(),
  record_id: id,
  user_message: z.string(),
  assistant_message: z.string(),
  recorded_at: timestamp,
});
export type GeneratedStatementRecorded = z.infer<typeof GeneratedStatementRecorded>;

export const SessionSoftDeleted = defineEvent('SessionSoftDeleted', {
  user_id: id,
  session_id: id,
  deleted_at: timestamp,
  purge_after: timestamp,
  reason: z.enum(['delete', 'clear_all']),
});
export type SessionSoftDeleted = z.infer<typeof SessionSoftDeleted>;

export const SessionRestored = defineEvent('SessionRestored', {
  user_id: id,
  session_id: id,
  restored_at: timestamp,
});
export type SessionRestored = z.infer<typeof SessionRestored>;

export const SessionPurged = defineEvent('SessionPurged', {
  user_id: id,
  session_id: id,
  purged_at: timestamp,
});
export type SessionPurged = z.infer<typeof SessionPurged>;
