import type { Decider } from '../decider.js';
import { event, type DocumentChunk, type EventOf } from '../events/index.js';

/*
 * Source rules:
 * 1. Any request starts a new version of the source (pending), whatever came
 *    before: re-ingesting the same external id replaces its chunks, never adds.
 * 2. An outcome (stored or failed) counts only for the latest request: one for
 *    an older request, or a second one for the same request (a retried job),
 *    appends nothing.
 */

/** The types a source stream holds; a stored event of another type is refused on load. */
export const sourceEventTypes = ['DocumentIngestRequested', 'DocumentIngested', 'DocumentIngestFailed'] as const;
export type SourceEvent = EventOf<(typeof sourceEventTypes)[number]>;

interface Addressed {
  user_id: string;
  source_id: string;
  request_id: string;
  now: Date;
}

export type RequestDocumentIngest = Addressed & {
  type: 'RequestDocumentIngest';
  project_id: string | null;
  session_id: string;
  connector_type: string;
  external_id: string;
  domain: string | null;
};
export type RecordDocumentIngested = Addressed & {
  type: 'RecordDocumentIngested';
  title: string;
  mime_type: string;
  source_url: string | null;
  chunks: DocumentChunk[];
  content_hash: string;
};
export type RecordDocumentIngestFailed = Addressed & { type: 'RecordDocumentIngestFailed'; reason: string };

export type SourceCommand = RequestDocumentIngest | RecordDocumentIngested | RecordDocumentIngestFailed;

export type SourceStatus = 'none' | 'pending' | 'ingested' | 'failed';

export interface SourceState {
  status: SourceStatus;
  project_id: string | null;
  /** The request whose outcome is awaited or was recorded last. */
  request_id: string | null;
}

const initialState = (): SourceState => ({ status: 'none', project_id: null, request_id: null });

const awaits = (state: SourceState, requestId: string) => state.status === 'pending' && state.request_id === requestId;

export const sourceDecider: Decider<SourceState, SourceCommand, SourceEvent> = {
  initialState,
  // Each request starts a version afresh (rule 1), so a source's earlier versions, whole documents each, need no reading.
  startsOverAt: ['DocumentIngestRequested'],

  decide(command, state) {
    const { user_id, source_id, request_id, now } = command;
    switch (command.type) {
      case 'RequestDocumentIngest':
        return [
          event('DocumentIngestRequested', {
            user_id, source_id, request_id, project_id: command.project_id, session_id: command.session_id,
            connector_type: command.connector_type, external_id: command.external_id, domain: command.domain, requested_at: now.toISOString(),
          }),
        ];
      case 'RecordDocumentIngested':
        if (!awaits(state, request_id)) return [];
        return [
          event('DocumentIngested', {
            user_id, source_id, request_id, project_id: state.project_id, title: command.title, mime_type: command.mime_type,
            source_url: command.source_url, chunks: command.chunks, content_hash: command.content_hash, ingested_at: now.toISOString(),
          }),
        ];
      case 'RecordDocumentIngestFailed':
        if (!awaits(state, request_id)) return [];
        return [event('DocumentIngestFailed', { user_id, source_id, request_id, project_id: state.project_id, reason: command.reason, failed_at: now.toISOString() })];
    }
  },

  evolve(state, e) {
    switch (e.type) {
      case 'DocumentIngestRequested':
        return { status: 'pending', project_id: e.data.project_id, request_id: e.data.request_id };
      case 'DocumentIngested':
        return { ...state, status: 'ingested' };
      case 'DocumentIngestFailed':
        return { ...state, status: 'failed' };
    }
  },
};
