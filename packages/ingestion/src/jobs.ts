/** One connector document to fetch, parse, chunk, embed and store: what a DocumentIngestRequested asks for. */
export interface DocumentJob {
  userId: string;
  sourceId: string;
  requestId: string;
  connectorType: string;
  externalId: string;
}

/** A failure that retrying cannot fix (refused, unparseable, empty, bad credentials): recorded at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export type JobHandler = (job: DocumentJob) => Promise<void>;
/** Called once a job has failed for good (permanent error, or retries used up). */
export type FailureHandler = (job: DocumentJob, reason: string) => Promise<void>;

export interface DocumentQueue {
  /** Idempotent per request id: adding the same request twice runs it once. */
  add(job: DocumentJob): Promise<void>;
  /** Starts processing in this process. */
  work(handler: JobHandler, onFailed: FailureHandler, options?: { concurrency?: number }): Promise<{ close(): Promise<void> }>;
  /** Asks the queue's backend whether it answers (health): resolves to a detail, rejects with why not. */
  ping(): Promise<string>;
  /**
   * Hears the backend come back after its connection was lost (Redis restarted, maybe without its data and
   * so without the jobs it held); absent where jobs cannot be lost that way (the in-process queue).
   */
  onReconnect?(listener: () => void): void;
  close(): Promise<void>;
}

export const RETRY = { attempts: 5, backoffMs: 1_000 };
