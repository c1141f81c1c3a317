import type { DomainEvent, EventType } from '../src/index.js';

export const at = '2026-11-23T10:00:00.000Z';

/** One valid event of every type, for schema round-trips. */
export const samples: { [T in EventType]: Extract<DomainEvent, { type: T }> } = {
  ProjectCreated: { type: 'ProjectCreated', data: { user_id: 'u1', project_id: 'p1', name: 'Alpha', created_at: at } },
  ProjectRenamed: { type: 'ProjectRenamed', data: { user_id: 'u1', project_id: 'p1', name: 'Beta', renamed_at: at } },
  RoundIngested: {
    type: 'RoundIngested',
    data: {
      user_id: 'u1', session_id: 's1', project_id: null, round_id: 'r1', user_message: 'hi', assistant_message: 'hello',
      client_timestamp: 'yesterday-ish', response_time_ms: 120, ingested_at: at,
    },
  },
  GeneratedStatementRecorded: {
    type: 'GeneratedStatementRecorded',
    data: { user_id: 'u1', session_id: 's1', project_id: 'p1', record_id: 'g1', user_message: 'q', assistant_message: 'maybe', recorded_at: at },
  },
  SessionSoftDeleted: {
    type: 'SessionSoftDeleted',
    data: { user_id: 'u1', session_id: 's1', deleted_at: at, purge_after: '2026-12-23T10:00:00.000Z', reason: 'clear_all' },
  },
  SessionRestored: { type: 'SessionRestored', data: { user_id: 'u1', session_id: 's1', restored_at: at } },
  SessionPurged: { type: 'SessionPurged', data: { user_id: 'u1', session_id: 's1', purged_at: at } },
  DocumentIngestRequested: {
    type: 'DocumentIngestRequested',
    data: {
      user_id: 'u1', source_id: 'src1', request_id: 'r1', project_id: 'p1', session_id: 's1', connector_type: 'gdrive', external_id: 'doc-9',
      domain: null, requested_at: at,
    },
  },
  DocumentIngested: {
    type: 'DocumentIngested',
    data: {
      user_id: 'u1', source_id: 'src1', request_id: 'r1', project_id: null, title: 'Spec', mime_type: 'text/markdown', source_url: null,
      chunks: [{ chunk_id: 'c0', index: 0, text: 'first', token_count: 1 }], content_hash: 'sha256:ab', ingested_at: at,
    },
  },
  DocumentIngestFailed: { type: 'DocumentIngestFailed', data: { user_id: 'u1', source_id: 'src1', request_id: 'r1', project_id: null, reason: 'forbidden', failed_at: at } },
  SipBuilt: {
    type: 'SipBuilt',
    data: {
      user_id: 'u1', build_id: 'b1', project_id: null, session_id: 's1', query: null, records_used: 2, record_ids: ['r1', 'g1'],
      sip_text: '[1] hi', tokens_sip: 40, tokens_baseline: 400, grounded: true, abstain: false, built_at: at,
    },
  },
};
