import type { ActivityItem, BrowsedRecord, ProjectSummary } from '@memctx/read-models';
import type { SeededMessage, SeededSession, SeededSource } from './in-memory-reads.js';

/*
 * Read-model rows as a projection would write them, with only what a test cares about given. Times count up from a
 * fixed instant, so rows made later are newer and tests never depend on the clock.
 */
let tick = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + 1_000 * ++tick).toISOString();

export function projectRow(fields: Partial<ProjectSummary> & { id: string }): ProjectSummary {
  const created = at();
  return { name: `project ${fields.id}`, created_at: created, updated_at: created, session_count: 0, source_count: 0, ...fields };
}

export function sessionRow(fields: Partial<SeededSession> & { id: string }): SeededSession {
  const created = at();
  return {
    title: `session ${fields.id}`, created_at: created, updated_at: created, last_message_preview: '', message_count: 0, is_archived: false,
    project_id: '', deleted_at: null, ...fields,
  };
}

export function messageRow(fields: Partial<SeededMessage> & { id: string; session_id: string }): SeededMessage {
  return { role: 'user', content: `message ${fields.id}`, created_at: at(), records_used: 0, round_id: `round-${fields.id}`, sip_text: '', ...fields };
}

export function recordRow(fields: Partial<BrowsedRecord> & { id: string }): BrowsedRecord {
  return {
    session_id: null, project_id: null, provenance: 'ROUND', record_type: 'FACTUAL', sip_eligible: true, summary: `record ${fields.id}`,
    content: `record ${fields.id}`, source: null, created_at: at(), embedded: false, score: null, ...fields,
  };
}

export function sourceRow(fields: Partial<SeededSource> & { id: string }): SeededSource {
  const created = at();
  return {
    external_id: `doc-${fields.id}`, title: `source ${fields.id}`, source_type: 'filesystem', provenance: 'DOCUMENT_VERIFIED', ingest_status: 'ingested',
    chunk_count: 1, created_at: created, updated_at: created, request_id: `request-${fields.id}`, failure_reason: null, project_id: null, session_id: 's', ...fields,
  };
}

export function activityRow(fields: Partial<ActivityItem> & { ref_id: string }): ActivityItem {
  return { project_id: '', summary: `activity ${fields.ref_id}`, type: 'round_ingested', timestamp: Date.parse(at()) / 1000, ...fields };
}
