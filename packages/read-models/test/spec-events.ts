import { event } from '@memctx/domain';

/*
 * Events for the slices' projection specs: one user, minute-stamped times, and
 * only the fields a spec varies as arguments, so each spec reads as its story.
 */
export const USER = 'u1';
export const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
/** How PostgreSQL prints at(minute) as text (the specs select timestamps ::text). */
export const shown = (minute: number) => `2026-11-24 10:${String(minute).padStart(2, '0')}:00+00`;

export const round = (session_id: string, round_id: string, minute: number, user_message: string, assistant_message = 'ok', project_id: string | null = 'p1') =>
  event('RoundIngested', {
    user_id: USER, session_id, project_id, round_id, user_message, assistant_message, client_timestamp: null, response_time_ms: null,
    ingested_at: at(minute),
  });

export const statement = (session_id: string, record_id: string, minute: number, assistant_message: string, project_id: string | null = 'p1') =>
  event('GeneratedStatementRecorded', { user_id: USER, session_id, project_id, record_id, user_message: 'q', assistant_message, recorded_at: at(minute) });

export const sipBuilt = (build_id: string, session_id: string | null, minute: number, sip_text = 'remembered', cited_session_ids: string[] = []) =>
  event('SipBuilt', {
    user_id: USER, build_id, project_id: 'p1', session_id, query: 'q', records_used: 2, record_ids: ['r1', 'r2'], cited_session_ids, sip_text,
    tokens_sip: 30, tokens_baseline: 300, grounded: true, abstain: false, built_at: at(minute),
  });

export const softDeleted = (session_id: string, minute: number) =>
  event('SessionSoftDeleted', { user_id: USER, session_id, deleted_at: at(minute), purge_after: at(minute + 30), reason: 'delete' });
export const restored = (session_id: string, minute: number) => event('SessionRestored', { user_id: USER, session_id, restored_at: at(minute) });
export const purged = (session_id: string, minute: number) => event('SessionPurged', { user_id: USER, session_id, purged_at: at(minute) });

export const projectCreated = (project_id: string, name: string, minute: number) =>
  event('ProjectCreated', { user_id: USER, project_id, name, created_at: at(minute) });
export const projectRenamed = (project_id: string, name: string, minute: number) =>
  event('ProjectRenamed', { user_id: USER, project_id, name, renamed_at: at(minute) });

export const sourceRequested = (source_id: string, request_id: string, minute: number, project_id: string | null = 'p1') =>
  event('DocumentIngestRequested', {
    user_id: USER, source_id, project_id, request_id, session_id: 's1', connector_type: 'web', external_id: `https://example.org/${source_id}`,
    domain: 'example.org', requested_at: at(minute),
  });

export const documentIngested = (source_id: string, request_id: string, minute: number, title: string, chunks: readonly string[]) =>
  event('DocumentIngested', {
    user_id: USER, source_id, project_id: 'p1', request_id, title, mime_type: 'text/html', source_url: `https://example.org/${source_id}`, content_hash: request_id,
    chunks: chunks.map((text, index) => ({ chunk_id: `${request_id}-c${index}`, index, text, token_count: 1 })),
    ingested_at: at(minute),
  });
