import type { Queryable } from '@memctx/db';
import { defineProjection, type ProjectedEvent } from '@memctx/projections';

/*
 * A project's sources. ingest_status: pending (requested, not yet stored),
 * ingested (chunks stored), failed (failure_reason says why). A new request for
 * the same source makes it pending again; its previous chunks stay searchable
 * until the new version replaces them, and stay if the new version fails.
 * Titles start as the external id and become the document's title once stored.
 */
const schemaSql = `
CREATE TABLE sources (
  user_id text NOT NULL,
  source_id text NOT NULL,
  project_id text,
  session_id text NOT NULL,
  external_id text NOT NULL,
  title text NOT NULL,
  source_type text NOT NULL,
  provenance text NOT NULL DEFAULT 'DOCUMENT_VERIFIED',
  ingest_status text NOT NULL,
  chunk_count int NOT NULL DEFAULT 0,
  failure_reason text,
  request_id text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, source_id)
);
CREATE INDEX sources_project ON sources (user_id, project_id, created_at DESC);
`;

async function apply(tx: Queryable, event: ProjectedEvent<'DocumentIngestRequested' | 'DocumentIngested' | 'DocumentIngestFailed'>): Promise<void> {
  switch (event.type) {
    case 'DocumentIngestRequested': {
      const d = event.data;
      await tx.query(
        `INSERT INTO sources AS s (user_id, source_id, project_id, session_id, external_id, title, source_type, ingest_status, request_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5, $6, 'pending', $7, $8, $8)
         ON CONFLICT (user_id, source_id) DO UPDATE SET ingest_status = 'pending', failure_reason = NULL, request_id = EXCLUDED.request_id,
           session_id = EXCLUDED.session_id, updated_at = EXCLUDED.updated_at`,
        [d.user_id, d.source_id, d.project_id, d.session_id, d.external_id, d.connector_type, d.request_id, d.requested_at],
      );
      return;
    }
    case 'DocumentIngested': {
      const d = event.data;
      await tx.query(
        `UPDATE sources SET ingest_status = 'ingested', title = $3, chunk_count = $4, updated_at = $5 WHERE user_id = $1 AND source_id = $2`,
        [d.user_id, d.source_id, d.title, d.chunks.length, d.ingested_at],
      );
      return;
    }
    case 'DocumentIngestFailed': {
      const d = event.data;
      await tx.query(
        `UPDATE sources SET ingest_status = 'failed', failure_reason = $3, updated_at = $4 WHERE user_id = $1 AND source_id = $2`,
        [d.user_id, d.source_id, d.reason, d.failed_at],
      );
      return;
    }
  }
}

export const sourcesProjection = defineProjection({
  name: 'sources',
  version: 1,
  tables: ['sources'],
  schemaSql,
  handles: ['DocumentIngestRequested', 'DocumentIngested', 'DocumentIngestFailed'],
  async apply(tx, events) {
    for (const event of events) await apply(tx, event);
  },
});
