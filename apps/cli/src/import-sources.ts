import { MemctxApiError, type MemctxClient } from '@memctx/client';
import type { SourcePlan } from './import-plan.js';

export interface SourcesOutcome {
  /** Stored again, with this many chunks in all. */
  restored: number;
  chunks: number;
  /** Accepted, still being fetched when the server stopped waiting: the worker finishes them. */
  pending: number;
  skipped: Array<{ source: SourcePlan; reason: string }>;
}

// What a connector answers about one document (gone, refused, unreadable, upstream down): that source is skipped, the rest go on.
const DOCUMENT_FAILURES = new Set([400, 403, 404, 409, 413, 415, 422, 502]);

/**
 * Requests each source again from its connector, with an idempotency key from
 * the export, so a rerun (after a 429 quota stop, say) requests nothing twice.
 * Only connectors this memctx offers and that need no credentials can do it
 * (web, filesystem): an export never carries credentials, so a GitHub source
 * is reported, not restored. The document is fetched as it is now, so its
 * chunks can differ from the exported ones.
 */
export async function restoreSources(client: MemctxClient, sources: readonly SourcePlan[]): Promise<SourcesOutcome> {
  const outcome: SourcesOutcome = { restored: 0, chunks: 0, pending: 0, skipped: [] };
  if (sources.length === 0) return outcome;
  const offered = new Map((await client.listConnectors()).connectors.map((connector) => [connector.connector_type, connector]));
  for (const source of sources) {
    const connector = offered.get(source.connector_type);
    const needs = connector?.credential_fields.filter((field) => field.required).map((field) => field.name) ?? [];
    if (!connector) outcome.skipped.push({ source, reason: `this memctx does not offer the ${source.connector_type} connector` });
    else if (needs.length > 0) outcome.skipped.push({ source, reason: `the ${source.connector_type} connector needs ${needs.join(', ')}, which an export never carries` });
    else {
      try {
        const answer = await client.ingestDocument(source.connector_type, { credentials: {}, external_id: source.external_id, session_id: source.session_id }, { idempotencyKey: source.key });
        if (answer.status === 'pending') outcome.pending++;
        else {
          outcome.restored++;
          outcome.chunks += answer.chunks_stored;
        }
      } catch (error) {
        if (!(error instanceof MemctxApiError && DOCUMENT_FAILURES.has(error.status))) throw error;
        outcome.skipped.push({ source, reason: error.message });
      }
    }
  }
  return outcome;
}
