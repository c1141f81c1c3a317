import { createHash } from 'node:crypto';
import { deterministicId, type MemoryService } from '@memctx/commands';
import type { CredentialStore } from './credentials.js';
import { PermanentJobError, type DocumentJob, type FailureHandler, type JobHandler } from './jobs.js';

/** A parsed document: its text and title, and whatever else the parser hands the chunker (Markdown's blocks, say). */
export interface ParsedText {
  text: string;
  title: string;
}

/** What the job needs of the connectors package; kept narrow so it reads as the pipeline's steps. */
export interface DocumentSteps<Parsed extends ParsedText = ParsedText> {
  fetch(connectorType: string, credentials: Record<string, unknown>, externalId: string): Promise<{
    title: string;
    mime_type: string;
    source_url: string | null;
    content: Buffer;
  }>;
  parse(document: { content: Buffer; mimeType: string; title: string }): Promise<Parsed>;
  chunk(parsed: Parsed): { index: number; text: string; token_count: number }[];
  /** True for errors no retry can fix (refused, unparseable, empty, bad credentials). */
  isPermanent(error: unknown): boolean;
}

/** Warms the embedding cache with the chunks, so the records are embedded without running the model again. */
export interface ChunkEmbedder {
  embedDocuments(texts: string[]): Promise<unknown[]>;
}

export interface DocumentPipelineDeps<Parsed extends ParsedText = ParsedText> {
  service: MemoryService;
  credentials: CredentialStore;
  steps: DocumentSteps<Parsed>;
  embedder?: ChunkEmbedder;
  /** Seconds spent per step, for the ingest benchmark and metrics. */
  onTimings?: (timings: Record<'fetch' | 'parse' | 'chunk' | 'embed' | 'store', number>) => void;
}

const since = (start: number) => (performance.now() - start) / 1000;

/**
 * The worker's job: fetch, parse, chunk, embed, store. Chunk ids derive from the
 * request, so a job retried after a crash stores the same chunks, and the
 * source decider keeps one outcome per request.
 */
export function createDocumentHandler<Parsed extends ParsedText>(deps: DocumentPipelineDeps<Parsed>): { handle: JobHandler; failed: FailureHandler } {
  const handle: JobHandler = async (job: DocumentJob) => {
    const credentials = await deps.credentials.take(job.requestId, job.userId);
    if (!credentials) throw new PermanentJobError('the connector credentials for this request expired before it ran; ingest it again');
    try {
      let t = performance.now();
      const fetched = await deps.steps.fetch(job.connectorType, credentials, job.externalId);
      const fetchSeconds = since(t);
      t = performance.now();
      const parsed = await deps.steps.parse({ content: fetched.content, mimeType: fetched.mime_type, title: fetched.title });
      const parseSeconds = since(t);
      t = performance.now();
      const chunks = deps.steps.chunk(parsed);
      if (chunks.length === 0) throw new PermanentJobError('the document has no text');
      const chunkSeconds = since(t);
      t = performance.now();
      await deps.embedder?.embedDocuments(chunks.map((c) => c.text));
      const embedSeconds = since(t);
      t = performance.now();
      await deps.service.recordDocumentIngested(job.userId, job.sourceId, job.requestId, {
        title: parsed.title || fetched.title,
        mime_type: fetched.mime_type,
        source_url: fetched.source_url,
        content_hash: `sha256:${createHash('sha256').update(fetched.content).digest('hex')}`,
        chunks: chunks.map((c) => ({ chunk_id: deterministicId(job.userId, 'chunk', `${job.requestId}:${c.index}`), index: c.index, text: c.text, token_count: c.token_count })),
      });
      deps.onTimings?.({ fetch: fetchSeconds, parse: parseSeconds, chunk: chunkSeconds, embed: embedSeconds, store: since(t) });
      await deps.credentials.remove(job.requestId);
    } catch (error) {
      if (error instanceof PermanentJobError) throw error;
      if (deps.steps.isPermanent(error)) throw new PermanentJobError(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
  const failed: FailureHandler = async (job, reason) => {
    await deps.service.recordDocumentIngestFailed(job.userId, job.sourceId, job.requestId, reason.slice(0, 500));
    await deps.credentials.remove(job.requestId);
  };
  return { handle, failed };
}
